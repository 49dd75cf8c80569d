/**
 * The Vite production build of the bench's generated app, served the way a good static host
 * serves one: every text file precompressed at build time (brotli quality 11, gzip level 9
 * as the fallback, chosen by Accept-Encoding), hashed files under /assets/ immutable for a
 * year, index.html revalidated with an ETag (304 when unchanged), unknown paths answered
 * with index.html (client-side routing). The app's data comes from the Liftoff server that
 * holds the same app's records: /live_api/ is forwarded there, like a static host's API
 * rewrite (Netlify/Vercel rewrites, nginx proxy_pass), so the page stays same-origin.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as viteBuild } from "vite";
import { viteAliases, writeViteProject } from "./vite-project.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".map": "application/json",
  ".woff2": "font/woff2",
  ".png": "image/png",
};
/** Worth compressing; fonts and images are compressed already. */
const TEXT = new Set([".html", ".js", ".css", ".json", ".svg", ".map"]);

export type ViteBuild = { distDir: string; files: { path: string; bytes: number }[]; remove(): void };

/** Writes the Vite project for `appId`, builds it once for production, and precompresses it. */
export async function buildViteApp(
  files: Record<string, string>,
  entityNames: string[],
  appId: string,
  mainPage = "Home",
): Promise<ViteBuild> {
  const project = writeViteProject(files, entityNames, appId, mainPage);
  const distDir = join(project.dir, "dist");
  try {
    await viteBuild({
      root: project.dir,
      configFile: false,
      logLevel: "silent",
      plugins: [react(), tailwindcss()],
      resolve: { alias: viteAliases(project) },
      build: { outDir: distDir, emptyOutDir: true },
    });
    return {
      distDir,
      files: precompress(distDir),
      remove: () => rmSync(project.dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(project.dir, { recursive: true, force: true });
    throw error;
  }
}

/** Writes `x.br` and `x.gz` next to every text file `x`; returns the built files. */
function precompress(distDir: string): { path: string; bytes: number }[] {
  const built: { path: string; bytes: number }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const body = readFileSync(path);
      built.push({ path: path.slice(distDir.length), bytes: body.length });
      if (!TEXT.has(extname(name))) continue;
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
      );
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    }
  };
  walk(distDir);
  return built;
}

export type StaticServer = { url: string; stop(): Promise<void> };

/** Serves `distDir` on 127.0.0.1 (see the file comment), forwarding /live_api/ to `apiOrigin`. */
export async function serveStatic(distDir: string, apiOrigin: string): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (path.startsWith("/live_api/")) return forward(req, res, apiOrigin);
    if (req.method !== "GET" && req.method !== "HEAD")
      return end(res, 405, "text/plain", "method not allowed");
    const file = resolveFile(distDir, path);
    if (!file) return end(res, 404, "text/plain", "not found");
    sendFile(req, res, file);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The file for a path: itself under dist, or index.html for a client-side route. */
function resolveFile(distDir: string, path: string): string | null {
  const candidate = normalize(join(distDir, path));
  if (!candidate.startsWith(distDir)) return null;
  try {
    if (statSync(candidate).isFile()) return candidate;
  } catch {
    // Not a file: an app route (below) or a missing asset.
  }
  return path.startsWith("/assets/") ? null : join(distDir, "index.html");
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  const hashed = file.includes("/assets/");
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const encoding = !TEXT.has(extname(file))
    ? null
    : /\bbr\b/.test(accepted)
      ? "br"
      : /\bgzip\b/.test(accepted)
        ? "gzip"
        : null;
  const body = readFileSync(encoding === "br" ? `${file}.br` : encoding === "gzip" ? `${file}.gz` : file);
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "accept-encoding",
  };
  if (encoding) headers["content-encoding"] = encoding;
  if (!hashed) {
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
    headers.etag = etag;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Passes a request to the API origin and its answer back unchanged (compression included). */
function forward(req: IncomingMessage, res: ServerResponse, apiOrigin: string): void {
  const target = new URL(req.url ?? "/", apiOrigin);
  const upstream = httpRequest(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => end(res, 502, "text/plain", "api unreachable"));
  req.pipe(upstream);
}

function end(res: ServerResponse, status: number, type: string, text: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": type });
  res.end(text);
}
