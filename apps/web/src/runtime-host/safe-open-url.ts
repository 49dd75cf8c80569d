/**
 * The URL an app asked to open in a new tab (`open` message), if it is safe: only absolute
 * http(s) URLs, so app code cannot make the host run `javascript:` or open `data:`/`blob:`
 * documents under the platform's origin. Relative URLs are refused too: the app has no
 * business opening platform pages as the visitor.
 */
export function safeOpenUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return parsed.href;
}
