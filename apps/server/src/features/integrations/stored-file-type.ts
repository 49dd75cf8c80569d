/** Image types a browser shows inline; everything else (SVG and HTML included) downloads. */
const INLINE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
]);

/** The declared type of an upload, if it is a well-formed MIME type; else octet-stream. */
export function storedFileType(declared: string): string {
  const type = declared.split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/.test(type) ? type : "application/octet-stream";
}

/**
 * Whether a stored file may be shown inline on the platform origin. SVG is an image that
 * can run script, so it is not on the list.
 */
export function isInlineFileType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}
