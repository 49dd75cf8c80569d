import robotsParser from "robots-parser";
import { readBody } from "./read-body.ts";
import type { SafeFetchOptions } from "./safe-fetch.ts";
import { safeFetch } from "./safe-fetch.ts";

// RFC 9309 asks crawlers to parse at least 500 KiB; the rest of a larger file is ignored.
const MAX_ROBOTS_BYTES = 500 * 1024;

export type SiteRules = {
  isAllowed: (url: URL) => boolean;
  /** Crawl-delay for our user agent (or *), in ms; null when the file sets none. */
  crawlDelayMs: number | null;
};

const ALLOW_ALL: SiteRules = { isAllowed: () => true, crawlDelayMs: null };

/**
 * Reads an origin's robots.txt once, through the same safe fetcher as the pages (same
 * address checks, same-site redirects only, same politeness). A missing file, a 4xx, and
 * also a 5xx or an unreachable file mean "allow all": the builder asked for this site, and
 * a broken robots.txt should not make it unreadable (RFC 9309 would disallow on 5xx; we
 * chose the lenient reading and say so here).
 */
export async function fetchSiteRules(
  origin: string,
  fetchOptions: Omit<SafeFetchOptions, "url">,
): Promise<SiteRules> {
  const robotsUrl = new URL("/robots.txt", origin);
  const result = await safeFetch({ ...fetchOptions, url: robotsUrl });
  if (!result.ok) return ALLOW_ALL;
  const status = result.response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    result.response.destroy();
    return ALLOW_ALL;
  }
  let text: string;
  try {
    text = (await readBody(result.response, MAX_ROBOTS_BYTES)).body.toString("utf8");
  } catch {
    fetchOptions.signal?.throwIfAborted();
    return ALLOW_ALL;
  }
  const robots = robotsParser(robotsUrl.href, text);
  const userAgent = fetchOptions.userAgent;
  const delaySeconds = robots.getCrawlDelay(userAgent);
  return {
    // robots-parser matches the product token ("LiftoffBot" of "LiftoffBot/1.0 (...)") and
    // falls back to the * group. It answers undefined for another origin: not ours to judge.
    isAllowed: (url) => robots.isAllowed(url.href, userAgent) !== false,
    crawlDelayMs:
      typeof delaySeconds === "number" && Number.isFinite(delaySeconds) && delaySeconds > 0
        ? delaySeconds * 1000
        : null,
  };
}
