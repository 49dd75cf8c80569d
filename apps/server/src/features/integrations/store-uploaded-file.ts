import { randomUUID } from "node:crypto";
import { AppError, INTEGRATION_MESSAGES, type PlanId, planLimits, UPLOAD_MAX_BYTES } from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { takeRateLimit } from "../../http/rate-limit.ts";
import { log } from "../../log.ts";
import { appFileKey, safeFileName } from "../../storage/storage-key.ts";
import type { IntegrationCaller } from "./resolve-integration-caller.ts";
import { storedFileType } from "./stored-file-type.ts";

export type StoredUpload = { id: string; name: string; contentType: string };

/** Uploads per uploader (end user, previewing owner or owner session) and app. */
export const UPLOAD_RATE = { limit: 30, windowMs: 10 * 60 * 1000 } as const;

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File;
}

/**
 * UploadFile / UploadPrivateFile: the `file` part goes to the storage layer under the
 * app's folder, and its metadata to stored_files. Bytes are written first; if the row
 * cannot be written they are removed, so no metadata ever points at missing bytes.
 */
export async function storeUploadedFile(options: {
  deps: Pick<Deps, "db" | "storage">;
  caller: IntegrationCaller;
  file: unknown;
  isPrivate: boolean;
}): Promise<StoredUpload> {
  const { deps, caller, file } = options;
  if (!isFile(file)) throw new AppError("BAD_REQUEST", INTEGRATION_MESSAGES.fileNotFound);
  if (file.size > UPLOAD_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", INTEGRATION_MESSAGES.fileTooLarge);
  takeRateLimit(
    `upload:${caller.app.id}:${caller.kind}:${caller.subjectId}`,
    UPLOAD_RATE,
    "Too many uploads. Try again in a few minutes.",
  );
  await checkStorageQuota(deps, caller.app.accountId, file.size);
  const id = randomUUID();
  const name = safeFileName(file.name || "file");
  const contentType = storedFileType(file.type);
  const key = appFileKey(caller.app.accountId, caller.app.id, id, name);
  try {
    await deps.storage.put(key, new Uint8Array(await file.arrayBuffer()), contentType);
  } catch (error) {
    log.error("upload not stored", { appId: caller.app.id, error });
    throw new AppError("INTERNAL", INTEGRATION_MESSAGES.uploadFailed);
  }
  try {
    await deps.db
      .insertInto("stored_files")
      .values({
        id,
        appId: caller.app.id,
        key,
        name,
        contentType,
        size: file.size,
        private: options.isPrivate,
        createdBy: `${caller.kind}:${caller.subjectId}`,
      })
      .execute();
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { id, name, contentType };
}

/**
 * Uploads of every app of an account share the owner's plan storage
 * (PlanLimits.storageTotal): the sum of the files its apps keep, plus this one, must fit.
 * Two uploads racing may both pass by at most one file each; the next one is refused.
 */
async function checkStorageQuota(deps: Pick<Deps, "db">, accountId: string, size: number): Promise<void> {
  const row = await deps.db
    .selectFrom("accounts")
    .select([
      "plan",
      sql<string>`(select coalesce(sum(f.size), 0)::text from stored_files f join apps a on a.id = f."appId" where a."accountId" = accounts.id)`.as(
        "used",
      ),
    ])
    .where("id", "=", accountId)
    .executeTakeFirst();
  const limit = planLimits((row?.plan ?? null) as PlanId | null).storageTotal * 1_000_000;
  if (Number(row?.used ?? 0) + size > limit) {
    throw new AppError(
      "PLAN_LIMIT",
      "This app's file storage is full. The app's owner can free space or upgrade the plan.",
      { reason: "storage" },
    );
  }
}
