/**
 * Whether `value` is an absolute http(s) URL with a host: what a call-to-action link or a
 * legal link must be. The URL parser is the browser's and Node's own, so both sides agree.
 */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/**
 * An image address as the builder stores it: an http(s) URL (uploads come back absolute,
 * on the public URL) or a path on this site such as '/files/…'. Never `javascript:` or
 * `data:`, which would run or bloat inside the published page.
 */
export function isImageAddress(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return !/[\s\\]/.test(value);
  return isHttpUrl(value);
}
