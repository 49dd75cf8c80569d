import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  APP_FRAME_SANDBOX,
  appFrameSrc,
  HOST_BOOT_DATA_ID,
  HOST_BOOT_FRAME_ID,
  type HostBoot,
  PLATFORM_URL_META,
} from "@liftoff/domain";
import { escapeHtml, scriptJson } from "@liftoff/runtime/server";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { resolveToolApp } from "../tool-apps/resolve-tool-app.ts";
import { toolAppPage } from "../tool-apps/tool-app-page.ts";
import { findAppByHost } from "./find-app-by-host.ts";
import { type HostBootLookup, type HostPageState, resolveHostPage } from "./resolve-host-boot.ts";

/**
 * The HTTP status of an app's page by what an anonymous visitor finds there (the page
 * itself always comes, and says it): 403 for an app that exists but is not published —
 * nothing there is public, yet it is not missing either (docs/defaults.md).
 */
const HOST_PAGE_STATUS: Record<HostPageState, 200 | 403 | 404> = {
  published: 200,
  unpublished: 403,
  missing: 404,
};

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
 *
 * An app page of a published app also carries its boot data and the app's sandboxed frame
 * (`withHostBoot`), so the frame loads while the page's own JavaScript does.
 */
export function serveHostPages(
  app: Hono<AppEnv>,
  deps: Pick<Deps, "db" | "config" | "vendor">,
  distDir: string,
): void {
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
    const page = withAppMeta(html, appId, deps.config.publicUrl);
    // The app's login page (/login on a custom host) has no frame.
    if (/^\/login\/?$/.test(path)) return c.html(page);
    return hostPage(c, page, { appId }, new URL(c.req.url).pathname);
  };
  // First in the chain, so a custom host's "/" is the app, not the platform's dashboard.
  app.use("*", customHost);
  // A generated app or single tool is its own page (the end users' form); a space app runs in its frame.
  const hostPage = async (c: Context<AppEnv>, page: string, lookup: HostBootLookup, appPath: string) => {
    const toolApp = await resolveToolApp(deps.db, lookup);
    if (toolApp.state !== "none") {
      const answer = toolAppPage(page, toolApp, appPath);
      // `?embed=1` of an app whose plan allows embedding may be framed by any site
      // (the embed snippets); every other page keeps the platform's same-origin framing.
      if (
        answer.status === 200 &&
        toolApp.state === "published" &&
        toolApp.app.canEmbed &&
        c.req.query("embed") === "1"
      )
        c.header("content-security-policy", "frame-ancestors *");
      return c.html(answer.html, answer.status);
    }
    const { boot, state } = await resolveHostPage(deps, lookup);
    return c.html(boot ? withHostBoot(page, boot) : page, HOST_PAGE_STATUS[state]);
  };
  const appPage = async (c: Context<AppEnv>) => {
    c.header("cache-control", "no-cache");
    // The path inside the app, still percent-encoded (a tool path is decoded once, by its parser).
    const appPath = /^\/app\/[^/]+(\/.*)?$/.exec(new URL(c.req.url).pathname)?.[1] ?? "/";
    return hostPage(c, html, { slug: c.req.param("slug") ?? "" }, appPath);
  };
  app.get("/app/:slug", appPage);
  app.get("/app/:slug/*", appPage);
  app.get("/apps/:id/login", (c) => {
    c.header("cache-control", "no-cache");
    return c.html(html);
  });
}

/**
 * The host page with a published app's boot data and its frame: a JSON script the page's
 * code reads (`hostBootSchema`), the app's name as the title, and, first thing in the body
 * and outside React's #root, the same sandboxed `<iframe>` the page would make (sandbox
 * WITHOUT allow-same-origin, from @liftoff/domain). The browser starts loading the frame as
 * soon as it parses it; the page's code adopts that element (apps/web host/boot-frame.ts)
 * rather than making its own, and removes it when the app turns out not to be shown.
 * Everything injected is escaped.
 */
export function withHostBoot(html: string, boot: HostBoot): string {
  // The relayed files start loading with the page; its script then finds them cached
  // (same URL, mode and credentials as its fetch).
  const preloads = boot.relay
    ? [boot.relay.pack, boot.relay.js, boot.relay.css]
        .filter((url): url is string => url !== undefined)
        .map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}">`)
        .join("")
    : "";
  const data = `${preloads}<script type="application/json" id="${HOST_BOOT_DATA_ID}">${scriptJson(boot)}</script>`;
  const frame =
    `<div id="${HOST_BOOT_FRAME_ID}" style="position:fixed;inset:0;background:#fff">` +
    `<iframe src="${escapeHtml(appFrameSrc(boot.appId, boot.versionId, null, Boolean(boot.relay)))}" sandbox="${escapeHtml(APP_FRAME_SANDBOX)}"` +
    ` title="${escapeHtml(boot.name || "App")}" referrerpolicy="no-referrer" data-testid="app-frame"` +
    ` style="display:block;width:100%;height:100%;border:0"></iframe></div>`;
  let page = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(boot.name || "App")}</title>`);
  page = page.includes("</head>") ? page.replace("</head>", () => `${data}</head>`) : `${data}${page}`;
  const body = /<body[^>]*>/.exec(page);
  if (!body) return `${page}${frame}`;
  const at = body.index + body[0].length;
  return `${page.slice(0, at)}${frame}${page.slice(at)}`;
}

/**
 * A custom host's page is told its app, and the platform's URL: the page links back to it
 * (watermark) and refuses to open it for the app (the `open` bridge message, see
 * apps/web runtime-host/safe-open-url.ts).
 */
function withAppMeta(html: string, appId: string, publicUrl: string): string {
  const meta =
    `<meta name="liftoff-app-id" content="${appId.replace(/[^A-Za-z0-9_-]/g, "")}">` +
    `<meta name="${PLATFORM_URL_META}" content="${escapeHtml(publicUrl)}">`;
  return html.includes("</head>") ? html.replace("</head>", `${meta}</head>`) : `${meta}${html}`;
}
