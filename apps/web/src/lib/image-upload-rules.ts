import { GENERATED_APP_MESSAGES, UPLOAD_MAX_BYTES } from "@liftoff/domain";

/**
 * Image types the upload control takes. Ours: "image files only" (spec section 5) read as
 * the raster types the server shows inline on the platform origin (apps/server
 * stored-file-type.ts); SVG can carry script, so the server serves it as a download and
 * a logo in SVG would never show.
 */
export const UPLOAD_IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
] as const;

/** The file picker's `accept`: the same list, so the picker offers only what passes. */
export const UPLOAD_IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(",");

/** The control's texts: the spec's three (spelling kept) and ours for a file that is not an image. */
export const IMAGE_UPLOAD_MESSAGES = {
  tooLarge: GENERATED_APP_MESSAGES.imageTooLarge,
  failed: GENERATED_APP_MESSAGES.imageUploadFailed,
  uploaded: GENERATED_APP_MESSAGES.imageUploaded,
  notImage: "Only image files can be uploaded (PNG, JPEG, GIF, WebP, AVIF, BMP or ICO)",
} as const;

/** How long 'Image uploaded successfully!' stays (spec section 8: 3 s). */
export const UPLOAD_SUCCESS_MS = 3_000;

/**
 * Why a picked file cannot be uploaded, or null when it can. The size must stay under
 * 10,000,000 bytes (spec section 5), and the type must be one of UPLOAD_IMAGE_TYPES; the
 * type check comes first since a wrong file is wrong whatever its size.
 */
export function imageUploadError(file: { size: number; type: string }): string | null {
  const type = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(type)) return IMAGE_UPLOAD_MESSAGES.notImage;
  if (file.size >= UPLOAD_MAX_BYTES) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return null;
}
