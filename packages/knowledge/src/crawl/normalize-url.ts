/**
 * The crawler's one spelling of a URL, used for dedupe: absolute, http(s) only, no
 * fragment, no credentials, no empty "?" (WHATWG parsing already lowercases the host,
 * drops default ports and resolves dot segments). Null for anything else (mailto:,
 * javascript:, unparsable).
 */
export function normalizeUrl(href: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  if (url.search === "") url.search = "";
  return url;
}
