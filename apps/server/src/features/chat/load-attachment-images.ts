import type { ChatAttachment } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";

/** Images larger than this are not sent to the model (the upload limit is the same). */
const IMAGE_MAX_BYTES = 10_000_000;
const FILE_URL = /\/files\/([0-9a-f-]{36})\//;

export type AttachmentImage = { image: Uint8Array; mediaType: string };

/**
 * The image attachments of a message as bytes for the model. Attachments are files the
 * builder uploaded to this app (their URLs are the platform's /files/{id}/…, which a
 * provider could not fetch from here), so they are read from storage; anything else
 * (another app's file, a foreign URL, a non-image) is skipped.
 */
export async function loadAttachmentImages(
  deps: Pick<Deps, "db" | "storage">,
  appId: string,
  attachments: readonly ChatAttachment[],
): Promise<AttachmentImage[]> {
  const images: AttachmentImage[] = [];
  for (const attachment of attachments) {
    if (!attachment.contentType.startsWith("image/")) continue;
    const id = FILE_URL.exec(attachment.url)?.[1];
    if (!id) continue;
    const file = await deps.db
      .selectFrom("stored_files")
      .select(["key", "contentType", "size"])
      .where("id", "=", id)
      .where("appId", "=", appId)
      .executeTakeFirst();
    if (!file?.contentType.startsWith("image/") || file.size > IMAGE_MAX_BYTES) continue;
    const stream = await deps.storage.get(file.key);
    if (!stream) continue;
    images.push({
      image: new Uint8Array(await new Response(stream).arrayBuffer()),
      mediaType: file.contentType,
    });
  }
  return images;
}
