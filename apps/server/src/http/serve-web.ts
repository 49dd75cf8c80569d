import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./app-env.ts";

/**
 * Serves the built SPA: hashed assets with a year of caching, and index.html for every
 * other non-API path so client-side routes survive a reload.
 */
export function serveWeb(app: Hono<AppEnv>, distDir: string): boolean {
  const indexFile = join(distDir, "index.html");
  if (!existsSync(indexFile)) return false;
  const root = relative(process.cwd(), distDir) || ".";
  // Set on the way out: serveStatic calls its onFound after the response is built, where
  // a header no longer reaches it (hashed files went out without caching before).
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("cache-control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root }));
  app.use("*", serveStatic({ root }));
  const html = readFileSync(indexFile, "utf8");
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("cache-control", "no-cache");
    return c.html(html);
  });
  return true;
}
