import {
  AppError,
  createFileSignedUrlParamsSchema,
  INTEGRATION_MESSAGES,
  SIGNED_URL_DEFAULT_SECONDS,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { signFileUrl } from "./file-signature.ts";
import type { IntegrationParams } from "./read-integration-params.ts";
import type { IntegrationCaller } from "./resolve-integration-caller.ts";

export const PRIVATE_FILE_URI_PREFIX = "private/";

/**
 * CreateFileSignedUrl: a time-limited link to one of the app's private files. The link
 * carries an HMAC of the file id and expiry, so serving it needs no session and it stops
 * working on its own.
 */
export async function createFileSignedUrl(options: {
  deps: Pick<Deps, "db" | "config">;
  caller: IntegrationCaller;
  params: IntegrationParams;
  now?: number;
}): Promise<{ signed_url: string }> {
  const { deps, caller } = options;
  const params = createFileSignedUrlParamsSchema.parse(options.params);
  const id = params.file_uri.startsWith(PRIVATE_FILE_URI_PREFIX)
    ? params.file_uri.slice(PRIVATE_FILE_URI_PREFIX.length)
    : "";
  const file = /^[0-9a-f-]{36}$/.test(id)
    ? await deps.db
        .selectFrom("stored_files")
        .select("id")
        .where("id", "=", id)
        .where("appId", "=", caller.app.id)
        .where("private", "=", true)
        .executeTakeFirst()
    : undefined;
  if (!file) throw new AppError("NOT_FOUND", INTEGRATION_MESSAGES.fileNotFound);
  const expiresAt =
    Math.floor((options.now ?? Date.now()) / 1000) + (params.expires_in ?? SIGNED_URL_DEFAULT_SECONDS);
  const { exp, sig } = signFileUrl(deps.config.authSecret, file.id, expiresAt);
  return { signed_url: `${deps.config.publicUrl}/files/private/${file.id}?exp=${exp}&sig=${sig}` };
}
