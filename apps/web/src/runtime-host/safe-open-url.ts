import { PLATFORM_URL_META } from "@liftoff/domain";

/**
 * The URL an app asked to open in a new tab (`open` message), if it is safe: only absolute
 * http(s) URLs of ANOTHER origin than the platform's and the page's own (a custom host).
 * So app code cannot make the host run `javascript:` or open `data:`/`blob:` documents
 * under the platform's origin, nor open platform pages — its own frame document top-level,
 * an API route, a mail link — as the visitor, with the visitor's cookies.
 *
 * `ownOrigins` are the origins to refuse (see `hostOwnOrigins`). The host opens the result
 * with `noopener,noreferrer`, so the new page gets no handle on the host either.
 */
export function safeOpenUrl(url: string, ownOrigins: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (ownOrigins.includes(parsed.origin)) return null;
  return parsed.href;
}

/**
 * The origins a frame's `open` request may not reach: the page's own (the platform, or the
 * app's custom host) and the platform's, which a custom host's page learns from its meta
 * tag. Lowercased and port-normalised by URL, as `safeOpenUrl` compares them.
 */
export function hostOwnOrigins(
  page: { origin: string },
  doc: { querySelector: (selector: string) => { getAttribute: (name: string) => string | null } | null },
): string[] {
  const origins = [page.origin];
  const meta = doc.querySelector(`meta[name="${PLATFORM_URL_META}"]`)?.getAttribute("content");
  try {
    if (meta) origins.push(new URL(meta).origin);
  } catch {
    // A malformed tag adds nothing; the page's own origin is still refused.
  }
  return origins;
}
