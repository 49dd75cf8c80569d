import { DATA_SOURCE_MESSAGES } from "@liftoff/domain";

/** Why a URL was not kept; shown to the builder as the first reason when nothing was read. */
export const CRAWL_SKIP_REASONS = {
  notHtml: "not an HTML page",
  tooLarge: "page too large",
  timedOut: "timed out",
  robots: "blocked by robots.txt",
  blockedAddress: DATA_SOURCE_MESSAGES.blockedAddress,
  invalidUrl: DATA_SOURCE_MESSAGES.invalidUrl,
  otherSite: "redirect to another site",
  tooManyRedirects: "too many redirects",
  unreachable: "could not reach the page",
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;
