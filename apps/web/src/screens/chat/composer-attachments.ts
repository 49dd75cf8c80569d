import {
  CHAT_ATTACHMENTS_MAX,
  type ChatAttachment,
  INTEGRATION_MESSAGES,
  UPLOAD_MAX_BYTES,
} from "@liftoff/domain";

/** An image picked in the composer: uploading, uploaded (with its URL) or failed. */
export type ComposerAttachment = {
  id: string;
  name: string;
  contentType: string;
  /** A local object URL for the thumbnail while it uploads. */
  previewUrl: string;
  status: "uploading" | "ready" | "failed";
  url: string | null;
};

/** Which picked files may be uploaded, and why the others may not (spec: images only, under 10 MB). */
export function screenPickedFiles(
  files: readonly { name: string; type: string; size: number }[],
  alreadyAttached: number,
): { accepted: number[]; problems: string[] } {
  const accepted: number[] = [];
  const problems = new Set<string>();
  files.forEach((file, index) => {
    if (!file.type.startsWith("image/")) problems.add("Only images can be attached");
    else if (file.size > UPLOAD_MAX_BYTES) problems.add(INTEGRATION_MESSAGES.fileTooLarge);
    else if (alreadyAttached + accepted.length >= CHAT_ATTACHMENTS_MAX)
      problems.add(`Up to ${CHAT_ATTACHMENTS_MAX} images per message`);
    else accepted.push(index);
  });
  return { accepted, problems: [...problems] };
}

/** The uploaded ones, as the message's attachments. */
export function readyAttachments(attachments: readonly ComposerAttachment[]): ChatAttachment[] {
  return attachments.flatMap((a) =>
    a.status === "ready" && a.url ? [{ name: a.name, url: a.url, contentType: a.contentType }] : [],
  );
}
