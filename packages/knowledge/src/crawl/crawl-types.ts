export type CrawlProgress = { crawled: number; queued: number; url: string };

export type CrawlOptions = {
  startUrl: string;
  /** 0 = the start page only. */
  maxDepth: number;
  /** Pages read successfully; skipped URLs do not count. */
  maxPages: number;
  /** Self-hosted installs (and tests) may crawl private networks; any port is then allowed. */
  allowPrivateAddresses: boolean;
  /** Minimum spacing of requests to one host; default 500. A larger robots.txt Crawl-delay wins (capped at 10 s). */
  politenessDelayMs?: number;
  /** Per request, body included; default 10_000. */
  pageTimeoutMs?: number;
  /** Decoded body cap; default 5_000_000. */
  maxPageBytes?: number;
  /** Default "LiftoffBot/1.0 (+https://github.com/liftoff)". */
  userAgent?: string;
  /** Aborting stops the crawl and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after every page read; awaited, so it can pace or persist progress. */
  onPage?: (progress: CrawlProgress) => void | Promise<void>;
};

export type CrawledPage = { url: string; depth: number; html: string; title: string | null; bytes: number };

export type CrawlSkip = { url: string; reason: string };

export type CrawlResult = { pages: CrawledPage[]; skipped: CrawlSkip[] };
