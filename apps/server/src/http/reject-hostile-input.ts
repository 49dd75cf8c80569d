import { AppError, isUnstorableString, JSON_MAX_DEPTH } from "@liftoff/domain";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

/** Prefixes whose JSON bodies are read here: the ones with a body limit in front of them. */
const BODY_PREFIXES = ["/api/", "/live_api/", "/integrations/"];
/**
 * The auth library reads the raw request itself; reading it here would leave it an empty
 * body. Its path and query are still checked.
 */
const RAW_BODY_PREFIX = "/api/auth/";
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
/** Anything in a URL that may decode to something other than plain ASCII. */
const ENCODED_OR_WIDE = /%|[^\x20-\x7e]/;

const notAllowed = (where: string) =>
  new AppError(
    "BAD_REQUEST",
    `The ${where} contains a NUL character or an unpaired UTF-16 surrogate, which is not allowed`,
  );

/**
 * One edge check for every request, before any route sees it (issue 12, item 8): NUL
 * characters and unpaired UTF-16 surrogates in the path, the query or a JSON body's strings
 * and keys, malformed percent-encoding, and JSON nested deeper than JSON_MAX_DEPTH are
 * answered 400 instead of reaching validators, Postgres (which refuses NUL in text and both
 * in jsonb) or a recursive walk — each of which had answered 500 on some route.
 *
 * Headers need no check here: Node's parser refuses NUL and other control characters in a
 * header, and a header is bytes (Latin-1), so it cannot hold a UTF-16 surrogate. The one
 * header a route turns into a value, Last-Event-ID, has its own schema.
 *
 * A JSON body is parsed once here and handed on through Hono's body cache, so validators
 * do not parse it again. Runs after the body limits, so it never reads an oversized body.
 */
export function rejectHostileInput(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (ENCODED_OR_WIDE.test(url)) checkUrl(url);
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      const path = c.req.path;
      if (
        JSON_TYPE.test(c.req.header("content-type") ?? "") &&
        BODY_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
        !path.startsWith(RAW_BODY_PREFIX)
      ) {
        await checkJsonBody(c.req);
      }
    }
    return next();
  };
}

function checkUrl(url: string): void {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  const hash = url.indexOf("#", start);
  const end = hash < 0 ? url.length : hash;
  const mark = url.indexOf("?", start);
  const path = url.slice(start, mark < 0 || mark > end ? end : mark);
  if (isUnstorableString(decode(path, "request path"))) throw notAllowed("request path");
  if (mark < 0 || mark > end) return;
  for (const pair of url.slice(mark + 1, end).split("&")) {
    const text = decode(pair.replaceAll("+", " "), "query string");
    if (isUnstorableString(text)) {
      const name = text.split("=", 1)[0] ?? "";
      throw notAllowed(isUnstorableString(name) ? "query string" : `query parameter '${name.slice(0, 50)}'`);
    }
  }
}

function decode(text: string, where: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new AppError("BAD_REQUEST", `The ${where} is not valid percent-encoded UTF-8`);
  }
}

type BodyRequest = {
  text(): Promise<string>;
  bodyCache: { json?: Promise<unknown> };
};

async function checkJsonBody(req: BodyRequest): Promise<void> {
  // Read as text once; the validator's own read then comes from Hono's body cache.
  const text = await req.text();
  // An empty body is the validator's to refuse ("required"), as before.
  if (text.trim() === "") return;
  if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
    throw new AppError("BAD_REQUEST", `JSON nested deeper than ${JSON_MAX_DEPTH} levels is not accepted`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Malformed JSON is harmless: the route's validator answers it (INVALID_JSON), after
    // the route's own session check — as it did before this middleware.
    return;
  }
  const where = unstorableAt(value, "");
  if (where !== undefined) throw notAllowed(where ? `JSON body (at ${where.slice(0, 200)})` : "JSON body");
  // Hono's validators read the body through this cache: parsed once.
  req.bodyCache.json = Promise.resolve(value);
}

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other, found in one
 * pass over the text that stops as soon as it is — before JSON.parse spends time on a body
 * nested half a million deep. Brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** The dot path of the first string or key holding NUL or a lone surrogate ("" = the root). */
function unstorableAt(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return isUnstorableString(value) ? path : undefined;
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableAt(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnstorableString(key)) return path || "a key";
    const found = unstorableAt(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
