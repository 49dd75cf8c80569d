import { AppError, DATA_SOURCE_MESSAGES, isAppError } from "@liftoff/domain";
import { checkPublicAddress } from "./check-public-address.ts";
import { createCrawlAgents } from "./crawl-agents.ts";
import { CRAWL_SKIP_REASONS } from "./crawl-skip-reasons.ts";
import type { CrawledPage, CrawlOptions, CrawlResult, CrawlSkip } from "./crawl-types.ts";
import { fetchPage } from "./fetch-page.ts";
import { createHostPoliteness } from "./host-politeness.ts";
import { isSameSite } from "./is-same-site.ts";
import { normalizeUrl } from "./normalize-url.ts";
import { parsePage } from "./parse-page.ts";
import type { SafeFetchOptions } from "./safe-fetch.ts";
import { fetchSiteRules, type SiteRules } from "./site-rules.ts";

const DEFAULT_USER_AGENT = "LiftoffBot/1.0 (+https://github.com/liftoff)";
const MAX_REDIRECTS = 5;
const MAX_CRAWL_DELAY_MS = 10_000;
// Links that are surely not pages are skipped without a request (same reason as a fetched
// non-HTML page), so a page listing a thousand PDFs does not cost a thousand requests.
const NOT_HTML_EXTENSION =
  /\.(pdf|docx?|xlsx?|pptx?|csv|zip|gz|tgz|rar|7z|png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|otf|eot|css|js|mjs|json|xml|rss|exe|dmg|apk|iso)$/i;
// Skipped URLs cost requests too; past this many requests the crawl ends with what it has.
const attemptBudget = (maxPages: number) => maxPages * 5 + 20;

/**
 * Breadth-first crawl of one site from `startUrl`: same site only (see isSameSite), robots.txt
 * honoured, one request at a time with a per-host delay, every request through the SSRF-safe
 * fetcher. Throws AppError BAD_REQUEST (invalidUrl / blockedAddress) for a bad start URL,
 * UNPROCESSABLE noPagesCrawled (details: first skip) when not a single page could be read,
 * and the signal's reason when aborted.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const maxDepth = Math.max(0, Math.floor(options.maxDepth));
  const maxPages = Math.max(1, Math.floor(options.maxPages));
  const politenessDelayMs = Math.max(0, options.politenessDelayMs ?? 500);
  const maxPageBytes = options.maxPageBytes ?? 5_000_000;
  const { allowPrivateAddresses, signal } = options;

  const start = normalizeUrl(options.startUrl);
  if (!start) {
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.invalidUrl);
  }
  try {
    await checkPublicAddress(start, { allowPrivateAddresses });
  } catch (error) {
    // A refused address is the builder's to fix; a DNS failure is reported by the fetch below.
    if (isAppError(error)) throw error;
  }

  const agents = createCrawlAgents();
  const politeness = createHostPoliteness();
  const rulesByOrigin = new Map<string, Promise<SiteRules>>();
  const crawlDelayByOrigin = new Map<string, number>();
  const pages: CrawledPage[] = [];
  const skipped: CrawlSkip[] = [];
  const seen = new Set<string>([start.href]);
  const crawledUrls = new Set<string>();
  const queue: { url: URL; depth: number }[] = [{ url: start, depth: 0 }];
  let attempts = 0;

  const fetchBase: Omit<SafeFetchOptions, "url" | "checkRedirect"> = {
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    allowPrivateAddresses,
    agents,
    maxRedirects: MAX_REDIRECTS,
    timeoutMs: options.pageTimeoutMs ?? 10_000,
    signal,
    beforeRequest: (url) => {
      const crawlDelayMs = Math.min(crawlDelayByOrigin.get(url.origin) ?? 0, MAX_CRAWL_DELAY_MS);
      return politeness.waitTurn(url.hostname, Math.max(politenessDelayMs, crawlDelayMs), signal);
    },
  };

  // robots.txt is per origin (scheme, host, port): read once each, on first use.
  const rulesFor = (url: URL): Promise<SiteRules> => {
    let rules = rulesByOrigin.get(url.origin);
    if (!rules) {
      rules = fetchSiteRules(url.origin, {
        ...fetchBase,
        checkRedirect: async (next) => (isSameSite(next, start) ? null : CRAWL_SKIP_REASONS.otherSite),
      }).then((loaded) => {
        if (loaded.crawlDelayMs !== null) crawlDelayByOrigin.set(url.origin, loaded.crawlDelayMs);
        return loaded;
      });
      rulesByOrigin.set(url.origin, rules);
    }
    return rules;
  };
  const refusalOf = async (url: URL): Promise<string | null> => {
    if (!isSameSite(url, start)) return CRAWL_SKIP_REASONS.otherSite;
    return (await rulesFor(url)).isAllowed(url) ? null : CRAWL_SKIP_REASONS.robots;
  };

  try {
    while (queue.length > 0 && pages.length < maxPages && attempts < attemptBudget(maxPages)) {
      signal?.throwIfAborted();
      const { url, depth } = queue.shift()!;
      const refusal = await refusalOf(url);
      if (refusal) {
        skipped.push({ url: url.href, reason: refusal });
        continue;
      }
      attempts++;
      const outcome = await fetchPage({ url, fetchBase, checkRedirect: refusalOf, maxPageBytes });
      if (!outcome.ok) {
        skipped.push({ url: url.href, reason: outcome.reason });
        continue;
      }
      // Two links that redirect to one page are one page.
      const finalUrl = outcome.url.href;
      if (crawledUrls.has(finalUrl)) continue;
      crawledUrls.add(finalUrl);
      seen.add(finalUrl);

      const parsed = parsePage({
        html: outcome.html,
        pageUrl: outcome.url,
        headerNofollow: outcome.nofollow,
      });
      pages.push({ url: finalUrl, depth, html: outcome.html, title: parsed.title, bytes: outcome.bytes });
      if (depth < maxDepth) {
        for (const link of parsed.links) {
          if (seen.has(link.href) || !isSameSite(link, start)) continue;
          seen.add(link.href);
          if (NOT_HTML_EXTENSION.test(link.pathname)) {
            skipped.push({ url: link.href, reason: CRAWL_SKIP_REASONS.notHtml });
            continue;
          }
          queue.push({ url: link, depth: depth + 1 });
        }
      }
      await options.onPage?.({ crawled: pages.length, queued: queue.length, url: finalUrl });
    }
  } finally {
    agents.destroy();
  }

  if (pages.length === 0) {
    const first = skipped[0];
    throw new AppError(
      "UNPROCESSABLE",
      DATA_SOURCE_MESSAGES.noPagesCrawled,
      first ? { reason: first.reason, url: first.url } : undefined,
    );
  }
  return { pages, skipped };
}
