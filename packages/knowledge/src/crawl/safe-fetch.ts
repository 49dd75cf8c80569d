import type { IncomingMessage } from "node:http";
import { isAppError } from "@liftoff/domain";
import { checkPublicAddress } from "./check-public-address.ts";
import type { CrawlAgents } from "./crawl-agents.ts";
import { CRAWL_SKIP_REASONS } from "./crawl-skip-reasons.ts";
import { createSafeLookup } from "./create-safe-lookup.ts";
import { requestOnce } from "./request-once.ts";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type SafeFetchOptions = {
  url: URL;
  userAgent: string;
  allowPrivateAddresses: boolean;
  agents: CrawlAgents;
  maxRedirects: number;
  /** Per request (each redirect hop gets its own), covering the body read as well. */
  timeoutMs: number;
  /** The caller's cancel; its abort is rethrown, never turned into a skip. */
  signal: AbortSignal | undefined;
  /** The same-site (and robots.txt) rule, asked for every redirect target: a skip reason or null. */
  checkRedirect: (url: URL) => Promise<string | null>;
  /** Called before every request (politeness wait); not counted in the timeout. */
  beforeRequest: (url: URL) => Promise<void>;
};

export type SafeFetchResult =
  | { ok: true; url: URL; response: IncomingMessage; isTimedOut: () => boolean }
  | { ok: false; reason: string };

/**
 * GET with redirects followed by hand (at most `maxRedirects`), each hop re-checked: http(s)
 * only, public address (checked before the request AND by the socket's own lookup), and the
 * caller's redirect rule (same site, robots.txt). Failures come back as a skip reason, except the caller's abort.
 */
export async function safeFetch(options: SafeFetchOptions): Promise<SafeFetchResult> {
  const lookup = createSafeLookup({ allowPrivateAddresses: options.allowPrivateAddresses });
  let url = options.url;
  for (let hop = 0; ; hop++) {
    try {
      await checkPublicAddress(url, { allowPrivateAddresses: options.allowPrivateAddresses });
    } catch (error) {
      return { ok: false, reason: reasonOf(error, false) };
    }
    await options.beforeRequest(url);
    options.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: IncomingMessage;
    try {
      response = await requestOnce({
        url,
        userAgent: options.userAgent,
        agents: options.agents,
        lookup,
        signal,
      });
    } catch (error) {
      options.signal?.throwIfAborted();
      return { ok: false, reason: reasonOf(error, timeout.aborted) };
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(status) || !location) {
      return { ok: true, url, response, isTimedOut: () => timeout.aborted };
    }
    // A redirect's body is never read: drop it and free the socket.
    response.destroy();
    if (hop >= options.maxRedirects) return { ok: false, reason: CRAWL_SKIP_REASONS.tooManyRedirects };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { ok: false, reason: CRAWL_SKIP_REASONS.invalidUrl };
    }
    next.hash = "";
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      return { ok: false, reason: CRAWL_SKIP_REASONS.invalidUrl };
    }
    const refusal = await options.checkRedirect(next);
    if (refusal) return { ok: false, reason: refusal };
    url = next;
  }
}

function reasonOf(error: unknown, timedOut: boolean): string {
  if (timedOut) return CRAWL_SKIP_REASONS.timedOut;
  // The safe lookup refuses with the blocked-address AppError; invalid URLs are AppErrors too.
  if (isAppError(error)) return error.message;
  return CRAWL_SKIP_REASONS.unreachable;
}
