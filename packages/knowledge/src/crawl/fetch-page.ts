import { CRAWL_SKIP_REASONS } from "./crawl-skip-reasons.ts";
import { decodeHtml } from "./decode-html.ts";
import { hasNofollow } from "./has-nofollow.ts";
import { readBody } from "./read-body.ts";
import { type SafeFetchOptions, safeFetch } from "./safe-fetch.ts";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

export type PageOutcome =
  | { ok: true; url: URL; html: string; bytes: number; nofollow: boolean }
  | { ok: false; reason: string };

/** One page: fetch (redirects checked), keep only a 2xx HTML body within the size cap. */
export async function fetchPage(options: {
  url: URL;
  fetchBase: Omit<SafeFetchOptions, "url" | "checkRedirect">;
  checkRedirect: (url: URL) => Promise<string | null>;
  maxPageBytes: number;
}): Promise<PageOutcome> {
  const result = await safeFetch({
    ...options.fetchBase,
    url: options.url,
    checkRedirect: options.checkRedirect,
  });
  if (!result.ok) return result;
  const { response } = result;
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.destroy();
    return { ok: false, reason: CRAWL_SKIP_REASONS.httpStatus(status) };
  }
  const contentType = String(response.headers["content-type"] ?? "");
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!HTML_TYPES.has(mediaType)) {
    response.destroy();
    return { ok: false, reason: CRAWL_SKIP_REASONS.notHtml };
  }
  const declaredLength = Number(response.headers["content-length"]);
  if (Number.isFinite(declaredLength) && declaredLength > options.maxPageBytes) {
    response.destroy();
    return { ok: false, reason: CRAWL_SKIP_REASONS.tooLarge };
  }
  let body: Buffer;
  try {
    const read = await readBody(response, options.maxPageBytes);
    if (read.truncated) return { ok: false, reason: CRAWL_SKIP_REASONS.tooLarge };
    body = read.body;
  } catch {
    options.fetchBase.signal?.throwIfAborted();
    return {
      ok: false,
      reason: result.isTimedOut() ? CRAWL_SKIP_REASONS.timedOut : CRAWL_SKIP_REASONS.unreachable,
    };
  }
  const robotsHeader = [response.headers["x-robots-tag"] ?? []].flat().join(",");
  return {
    ok: true,
    url: result.url,
    html: decodeHtml(body, contentType),
    bytes: body.length,
    nofollow: hasNofollow(robotsHeader),
  };
}
