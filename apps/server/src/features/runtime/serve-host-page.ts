import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { findAppByHost } from "./find-app-by-host.ts";

/** Paths that keep their platform meaning on a custom host. */
const PLATFORM_PREFIXES = [
  "/api/",
  "/live_api/",
  "/runtime/",
  "/integrations/",
  "/files/",
  "/assets/",
  "/apps/",
];

/**
 * The published-app host page (the web app's second entry, host.html; index.html when a
 * build has none) for /app/{slug}/..., /apps/{id}/login, and every page path of a custom
 * host. On a custom host the page is told its app by a meta tag, since its URL has no slug.
 */
export function serveHostPages(app: Hono<AppEnv>, deps: Pick<Deps, "db" | "config">, distDir: string): void {
  const hostFile = join(distDir, "host.html");
  const file = existsSync(hostFile) ? hostFile : join(distDir, "index.html");
  if (!existsSync(file)) return;
  const html = readFileSync(file, "utf8");
  const platformHost = new URL(deps.config.publicUrl).host.toLowerCase();

  const customHost: MiddlewareHandler<AppEnv> = async (c, next) => {
    const host = c.req.header("host")?.toLowerCase();
    if (!host || host === platformHost || c.req.method !== "GET") return next();
    const path = c.req.path;
    if (PLATFORM_PREFIXES.some((prefix) => path.startsWith(prefix)) || /\.[a-z0-9]+$/i.test(path))
      return next();
    const appId = await findAppByHost(deps.db, host);
    if (!appId) return next();
    c.header("cache-control", "no-cache");
    return c.html(withAppMeta(html, appId));
  };
  // First in the chain, so a custom host's "/" is the app, not the platform's dashboard.
  app.use("*", customHost);
  const page = (c: Context<AppEnv>) => {
    c.header("cache-control", "no-cache");
    return c.html(html);
  };
  app.get("/app/:slug", page);
  app.get("/app/:slug/*", page);
  app.get("/apps/:id/login", page);
}

function withAppMeta(html: string, appId: string): string {
  const meta = `<meta name="liftoff-app-id" content="${appId.replace(/[^A-Za-z0-9_-]/g, "")}">`;
  return html.includes("</head>") ? html.replace("</head>", `${meta}</head>`) : `${meta}${html}`;
}
