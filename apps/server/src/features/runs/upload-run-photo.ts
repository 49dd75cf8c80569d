import { AppError, UPLOAD_MAX_BYTES } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { loadEndUserApp } from "../app-users/load-end-user-app.ts";
import { optionalAppToken } from "../app-users/require-app-token.ts";
import { storeUploadedFile } from "../integrations/store-uploaded-file.ts";
import { hashClientIp } from "./hash-client-ip.ts";
import { loadRunnableTool } from "./load-runnable-tool.ts";
import { runWindows } from "./run-windows.ts";
import { takeRunAllowance } from "./take-run-allowance.ts";

/** Photos one address may upload to an app's tools a day (ours: docs/defaults.md). */
export const RUN_PHOTOS_PER_DAY = 20;

export const RUN_PHOTO_MESSAGES = {
  noPhotoField: "This tool takes no photos",
  notAnImage: "Upload a photo: a PNG, JPEG, GIF, WebP or AVIF image",
  tooLarge: "The photo must be 10 MB or smaller",
  missing: "Choose a photo to upload",
  dailyLimit: (limit: number) => `You have uploaded all ${limit} photos you can today. Try again tomorrow.`,
} as const;

/** Whether the bytes start like an image a browser shows (the declared type alone is the client's word). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  const ascii = (at: number, text: string) =>
    [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) || // PNG
    starts(0xff, 0xd8, 0xff) || // JPEG
    ascii(0, "GIF87a") ||
    ascii(0, "GIF89a") ||
    (ascii(0, "RIFF") && ascii(8, "WEBP")) ||
    (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis")))
  );
}

/**
 * A photo for a run's photo field, from anyone who can run the tool (end users are often
 * anonymous, and the integrations' upload needs an app token): only for an active tool
 * of a published app that has a photo field, only images (by their first bytes, not just
 * the declared type), at most 10 MB (spec section 9), at most RUN_PHOTOS_PER_DAY per
 * address and app a day (counted like runs), inside the owner's storage quota. The file is
 * public, as any end user's UploadFile, so the model and the result page can show it.
 */
export async function uploadRunPhoto(options: {
  deps: Deps;
  appId: string;
  toolId: string;
  file: unknown;
  ip: string;
  headers: Headers;
}): Promise<{ file_url: string }> {
  const { deps } = options;
  const runnable = await loadRunnableTool(deps.db, { appId: options.appId, toolId: options.toolId });
  if (!runnable.tool.fields.some((field) => field.type === "photo"))
    throw new AppError("BAD_REQUEST", RUN_PHOTO_MESSAGES.noPhotoField);
  const file = options.file;
  if (!(file instanceof File)) throw new AppError("BAD_REQUEST", RUN_PHOTO_MESSAGES.missing);
  if (file.size > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", RUN_PHOTO_MESSAGES.tooLarge);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!looksLikeImage(head)) throw new AppError("BAD_REQUEST", RUN_PHOTO_MESSAGES.notAnImage);

  const ipHash = hashClientIp({ secret: deps.config.authSecret, appId: runnable.app.id, ip: options.ip });
  const [day] = runWindows(new Date(), { daily: RUN_PHOTOS_PER_DAY, weekly: RUN_PHOTOS_PER_DAY });
  await takeRunAllowance(deps.db, {
    appId: runnable.app.id,
    ipHash,
    windows: [{ ...day!, key: `photo:${day!.key}` }],
    credits: 0,
    accountId: runnable.owner.accountId,
    appRunsTotal: 0,
    // A photo is counted, not stored as a run, and costs no credits.
    messages: { limit: (window) => RUN_PHOTO_MESSAGES.dailyLimit(window.limit), unavailable: "" },
  });
  const claims = await optionalAppToken(deps, runnable.app.id, options.headers);
  const app = await loadEndUserApp(deps.db, runnable.app.id);
  const stored = await storeUploadedFile({
    deps,
    caller:
      claims?.kind === "user"
        ? { app, kind: "user", subjectId: claims.subjectId }
        : { app, kind: "visitor", subjectId: ipHash },
    file,
    isPrivate: false,
  });
  return { file_url: `${deps.config.publicUrl}/files/${stored.id}/${encodeURIComponent(stored.name)}` };
}
