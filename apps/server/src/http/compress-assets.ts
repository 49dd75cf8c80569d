import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = "br" | "gzip";

/** The text assets this compresses: pages, scripts, stylesheets, SVG (API JSON is not an asset). */
const COMPRESSIBLE =
  /^(text\/(html|css|javascript)|application\/(javascript|manifest\+json)|image\/svg\+xml)\b/i;
/** Below this, headers and framing outweigh the saving. */
const MIN_BYTES = 1024;
/** Bodies above this pass through untouched (nothing we serve as an asset is that big). */
const MAX_BYTES = 16 * 1024 * 1024;
/** Compressed immutable responses kept per process, by total size. */
const CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Immutable brotli bodies from this size on are compressed again at brotli's best quality
 * (11) in the background, and the smaller bytes replace the cached ones. A published app's
 * vendor pack (about 700 KB of JavaScript in JSON) is 196 KB at quality 9 and 181 KB at 11,
 * but 11 takes 1.5–3 s on this 2-core machine: the first visitor gets 9 at once, everyone
 * after gets 11. Smaller files gain too little to be worth the CPU.
 */
export const REFINE_MIN_BYTES = 64 * 1024;

/**
 * The encoding to send for an Accept-Encoding header: brotli when the client takes it (about
 * 10 % smaller than gzip on our vendor modules), else gzip, else none. q=0 refuses one.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/**
 * Compresses text at a quality fit for its life: an immutable (content-hashed) body is
 * compressed once per process and kept, so it can take brotli 9 (a 300 KB bundle in tens of
 * milliseconds); a per-request page takes brotli 5, a few hundred microseconds for our pages.
 */
export function compressText(
  body: Uint8Array,
  encoding: Encoding,
  immutable: boolean,
  best = false,
): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: immutable ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? 11 : immutable ? 9 : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/** Insertion-ordered map used as an LRU bounded by the bytes it holds. */
class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly max: number) {}
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Buffer): void {
    if (value.byteLength > this.max) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.byteLength;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.max) break;
      this.entries.delete(k);
      this.bytes -= v.byteLength;
    }
  }
}

/**
 * Serves every text asset compressed (brotli, gzip fallback): the web app's files, host
 * pages, the app frame, build artifacts and vendor modules. Immutable responses (hashed
 * URLs) are compressed once and their bytes kept by URL, which does for the build outputs
 * and vendor modules what precompressing at build time would, with one mechanism for both.
 *
 * Left alone: event streams (compression would hold back their events), bodies that already
 * have an encoding, uploaded files (`/files/`, served as stored), ranges, and anything that
 * is not a 200 (or a 404 page) of a compressible type.
 */
export function compressAssets(): MiddlewareHandler<AppEnv> {
  const cache = new ByteLru(CACHE_BYTES);
  // Keys refined or being refined, and the queue that runs one refinement at a time (the
  // zlib thread pool is shared with every other compression and with the file system).
  const refined = new Set<string>();
  let refining: Promise<void> = Promise.resolve();
  const refine = (key: string, body: Uint8Array) => {
    if (refined.has(key)) return;
    refined.add(key);
    refining = refining.then(async () => {
      try {
        const best = await compressText(body, "br", true, true);
        const current = cache.get(key);
        if (current && best.byteLength < current.byteLength) cache.set(key, best);
      } catch {
        // The quality-9 bytes stay; nothing is lost.
      }
    });
  };
  return async (c, next) => {
    await next();
    // A 404 is a page too (the not-found page of a missing app).
    if (c.req.method !== "GET" || (c.res.status !== 200 && c.res.status !== 404)) return;
    const { status, headers } = c.res;
    const type = headers.get("content-type") ?? "";
    const immutable = /\bimmutable\b/.test(headers.get("cache-control") ?? "");
    // Immutable JSON is an asset too (the frame's vendor packs); API answers are not, but
    // for the runtime bundle, which every published app's page asks for on every visit (about
    // 2 KB of app info and entity schemas, a third of that compressed). Its answer echoes no
    // request text next to the frame grant an admin may get, so compressing it reveals nothing.
    const compressible =
      COMPRESSIBLE.test(type) ||
      (/^application\/json\b/i.test(type) && (immutable || c.req.path === "/runtime/bundle"));
    if (!compressible || headers.has("content-encoding") || headers.has("content-range")) return;
    if (c.req.path.startsWith("/files/")) return;
    const declared = Number(headers.get("content-length") ?? Number.NaN);
    if (declared > MAX_BYTES || (Number.isFinite(declared) && declared < MIN_BYTES)) return;
    // Whatever the client takes, a cache in between must keep the variants apart.
    headers.append("vary", "accept-encoding");
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    if (!encoding || !c.res.body) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    const rebuild = (bytes: Uint8Array, encoded: boolean) => {
      // Hono copies the old response's headers onto a replacement, so the old length is
      // removed (and the encoding added) after the swap.
      c.res = new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers });
      c.res.headers.delete("content-length");
      if (encoded) c.res.headers.set("content-encoding", encoding);
    };
    if (body.byteLength < MIN_BYTES || body.byteLength > MAX_BYTES) return rebuild(body, false);
    const key = `${encoding} ${c.req.path}`;
    let compressed = immutable ? cache.get(key) : undefined;
    if (!compressed) {
      compressed = await compressText(body, encoding, immutable);
      if (immutable) cache.set(key, compressed);
      if (immutable && encoding === "br" && body.byteLength >= REFINE_MIN_BYTES) refine(key, body);
    }
    rebuild(compressed, true);
  };
}
