/**
 * Same site = same hostname, whatever the scheme or port. A leading "www." is ignored so the
 * very common example.com → www.example.com redirect does not end the crawl at its first
 * page. localhost and 127.0.0.1 are different sites.
 */
export function isSameSite(a: URL, b: URL): boolean {
  return siteKey(a) === siteKey(b);
}

function siteKey(url: URL): string {
  return url.hostname.replace(/^www\./, "");
}
