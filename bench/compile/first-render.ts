/**
 * First render of a published space app in headless Chromium on localhost: navigation start
 * of /app/{slug} to the app's first content, cold (a fresh browser context: empty HTTP
 * cache) and warm (a reload of the same page right after: whatever the HTTP cache kept is
 * reused), with requests and bytes transferred. The host page, /runtime/bundle and
 * /runtime/frame are no-cache/no-store; host assets, vendor modules and build artifacts are
 * immutable. The frame's requests come from its opaque origin, which Chromium's partitioned
 * HTTP cache does not store (the vendor column of the report shows it).
 *
 * The production server is started the way e2e does (build if needed, apps/server/dist,
 * throw-away DATA_DIR, NODE_ENV=production, no SMTP), with the builders as platform admins;
 * accounts, apps, entities and rows are made through the HTTP API.
 *
 * Beside it, the Vite production build of the same generated app (vite-static.ts), served
 * by a static server with precompressed brotli 11 / gzip and immutable hashed assets, its
 * /live_api/ forwarded to the same Liftoff server, so it shows the same records.
 *
 * First render, the same definition for both: the first DOM mutation that gives the app's
 * `#root` an element child (React's first commit; nothing else writes there: the runtime's
 * `start` and the Vite entry both call createRoot(#root).render once). An init script in
 * every document watches it with a MutationObserver and records performance.now(); the
 * Liftoff app frame's time is moved onto the host's clock (navigation start of the page
 * the visitor opened) with both documents' performance.timeOrigin. For Liftoff, the bench
 * first waits for the runtime's `rendered` bridge message (RenderedSignal's effect, a
 * little after that commit; kept as a milestone). "Painted" is the first-contentful-paint
 * of the document holding #root (empty until React commits, so the first paint of app
 * content). After each visit (untimed) #root must show the first page's text.
 */
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { launchChromium } from "../../e2e/support/launch-chromium.ts";
// @ts-expect-error plain ESM script without types
import { buildIfNeeded } from "../../scripts/build-if-needed.mjs";
import { type Running, sendJson, startLiftoff } from "../support.ts";
import { BENCH_ENTITIES, generateApp } from "./generate-app.ts";
import { buildViteApp, serveStatic } from "./vite-static.ts";

/** Builders, platform admins (the file routes may become admin-only); one app each (plan limit). */
const ADMIN_EMAILS = ["bench-admin@bench.liftoff.test", "bench-admin-2@bench.liftoff.test"];
const PASSWORD = "bench-pass-42";

export type Timing = { median: number; p90: number; runs: number };

export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: Math.round(at(0.5) * 10) / 10, p90: Math.round(at(0.9) * 10) / 10, runs: sorted.length };
}

/** One request of a page load, on the host's clock (ms since navigation start). */
export type Fetched = {
  url: string;
  start: number;
  end: number;
  /** Time from the request's start until it was sent (waiting for a connection). */
  queued: number;
  /** Bytes over the wire: response headers + encoded body; 0 when served from the cache. */
  bytes: number;
  cached: boolean;
  status: number;
  /** The response's content-encoding ("" when none). */
  encoding: string;
};

/** A Liftoff published app (host page + frame) or the Vite build served statically. */
export type AppKind = "liftoff" | "vite";

type Load = {
  /** The app's #root got its first element (ms since navigation start). */
  rendered: number;
  /** Liftoff host: the runtime's `rendered` bridge message received (NaN for Vite). */
  signalled: number;
  /** App frame's first contentful paint, on the host clock. */
  painted: number;
  /** Host page's own first contentful paint (its loading spinner). */
  hostPaint: number;
  /** Host: `ready` received (the frame's runtime started and asked for init). */
  ready: number;
  /** Messages of `error` bridge messages (app errors the runtime reported). */
  errors: string[];
  requests: Fetched[];
};

export type Visits = {
  rendered: Timing;
  painted: Timing;
  /** Medians over the runs. */
  requests: number;
  cached: number;
  bytes: number;
  /**
   * Immutable files requested, and how many of them the HTTP cache answered: Liftoff's
   * vendor pack (or modules), the Vite build's hashed /assets/.
   */
  vendor: { requests: number; cached: number };
  errors: string[];
  /** Visits left out: no first render within RENDER_TIMEOUT_MS. */
  failed: number;
};

export type AppRender = {
  label: string;
  kind: AppKind;
  /** A Liftoff app's Vite build (the label of that row), whose bytes it is compared with. */
  viteTwin?: string;
  files: number;
  cold: Visits;
  warm: Visits;
  /** Cold visits on a slow network (THROTTLE). */
  throttled: Visits;
  /** The median cold and warm loads (by first render): requests and milestones. */
  waterfall: Load;
  warmWaterfall: Load;
};

type Api = {
  url: string;
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
};

/**
 * Signs an admin up and verifies the address. The first reads its own mail; once an admin
 * exists, a listed address may not (mailbox rule), so the first admin reads it (`reader`).
 */
async function signUpAdmin(
  server: Running,
  email: string,
  reader?: string,
): Promise<Api & { token: string }> {
  const send = <T>(method: string, path: string, body: unknown, token?: string) =>
    sendJson<T>(server.url, method, path, body, token);
  const { token } = await send<{ token: string }>("POST", "/api/session/signup", {
    name: "Bench Admin",
    email,
    password: PASSWORD,
  });
  // Admin rights need a verified address: read the verification mail in the dev mailbox
  // (a user sees mail to their own address) and open its link, as an operator does.
  const { mails } = await send<{ mails: { to: string; text: string }[] }>(
    "GET",
    "/api/dev/mailbox",
    undefined,
    reader ?? token,
  );
  const link = mails
    .filter((mail) => mail.to.toLowerCase() === email)
    .map((mail) => /https?:\/\/\S+\/auth\/handler\S*/.exec(mail.text)?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no verification mail for ${email}`);
  await send("POST", "/api/account/verifyEmail", { oobCode: new URL(link).searchParams.get("oobCode") });
  return { url: server.url, token, call: (method, path, body) => send(method, path, body, token) };
}

const entitySchema = (name: string) => ({
  name,
  type: "object",
  properties: {
    title: { type: "string" },
    name: { type: "string" },
    status: { type: "string", enum: ["open", "done"] },
  },
  required: [],
  permissions: { read: "all", write: "all" },
});

/** Dependencies first, so most intermediate saves compile; the layout and pages last. */
function saveOrder(files: Record<string, string>): string[] {
  const rank = (id: string) =>
    id.endsWith(".css") ? 0 : id.startsWith("services/") ? 1 : id.startsWith("components/") ? 2 : 3;
  return Object.keys(files).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The generated 30-file app of the compile bench, with its entities and a few rows each. */
async function createBenchApp(api: Api): Promise<{ id: string; slug: string; files: number }> {
  const app = await api.call<{ id: string; slug: string }>("POST", "/api/apps", {
    appType: "space",
    name: "Bench workspace",
  });
  for (const entity of BENCH_ENTITIES) {
    await api.call("PUT", `/api/apps/${app.id}/entities/${entity}`, entitySchema(entity));
    await api.call("POST", `/live_api/apps/${app.id}/entities/${entity}/bulk`, {
      records: Array.from({ length: 12 }, (_, i) => ({
        title: `${entity} ${i + 1}`,
        status: i % 3 === 0 ? "done" : "open",
      })),
    });
  }
  const files = generateApp();
  for (const id of saveOrder(files))
    await api.call("POST", `/api/apps/${app.id}/files/update`, { file: { id, content: files[id] } });
  await api.call("POST", `/api/apps/${app.id}/settings`, { appSettings: { mainPage: "Home" } });
  const build = await api.call<{ ok: boolean; diagnostics: unknown[] }>("GET", `/api/apps/${app.id}/build`);
  if (!build.ok) throw new Error(`bench app does not compile: ${JSON.stringify(build.diagnostics)}`);
  await api.call("POST", `/api/apps/${app.id}/publish`);
  await waitForProductionBundle(api, app.slug);
  return { id: app.id, slug: app.slug, files: Object.keys(files).length };
}

/** A template app (public read data, so an anonymous visitor sees it), published. */
async function createTemplateApp(
  api: Api,
  templateId: string,
): Promise<{
  appId: string;
  slug: string;
  files: number;
  sources: Record<string, string>;
  entityNames: string[];
  mainPage: string;
}> {
  const { appId, slug } = await api.call<{ appId: string; slug: string }>(
    "POST",
    `/api/templates/${templateId}/use`,
  );
  const bundle = await api.call<Record<string, unknown>>("GET", `/api/apps/${appId}/files`);
  const files =
    (bundle.layout ? 1 : 0) +
    (bundle.globals_css ? 1 : 0) +
    (["pages", "components", "services"] as const).reduce(
      (n, key) => n + ((bundle[key] as unknown[] | undefined)?.length ?? 0),
      0,
    );
  await api.call("POST", `/api/apps/${appId}/publish`);
  await waitForProductionBundle(api, slug);
  // Its sources by path (what the Vite twin builds), from the same files bundle.
  type File = { id: string; content: string };
  const all = [
    bundle.layout,
    bundle.globals_css,
    ...(["pages", "components", "services"] as const).flatMap(
      (key) => (bundle[key] as File[] | undefined) ?? [],
    ),
  ].filter((file): file is File => Boolean(file));
  return {
    appId,
    slug,
    files,
    sources: Object.fromEntries(all.map((file) => [file.id, file.content])),
    entityNames: Object.keys((bundle.entities as Record<string, unknown> | undefined) ?? {}),
    mainPage: String(bundle.mainPage ?? "Home"),
  };
}

/**
 * Publishing builds the version's production bundle in the background (a second or two);
 * the bench measures what visitors get from then on, so it waits until the host page
 * names it as its relay pack.
 */
async function waitForProductionBundle(api: Api, slug: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const html = await (await fetch(`${api.url}/app/${slug}`)).text();
    if (/"pack":"\/runtime\/assets\/[0-9a-f]+\.json"/.test(html)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${slug}: the production bundle was not ready within 60 s`);
}

// Runs on every document before its scripts; on the host page, records the bridge messages.
const HOST_PROBE = `(() => {
  if (window.top !== window) return;
  const bench = (window.__bench = { errors: [] });
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.source !== "liftoff-frame") return;
    if ((data.type === "ready" || data.type === "rendered") && bench[data.type] === undefined)
      bench[data.type] = performance.now();
    if (data.type === "error") bench.errors.push(String(data.error && data.error.message).slice(0, 200));
  }, true);
})();`;

// Runs in every document (the host page, the app frame, the Vite page): when #root first
// has an element child (React's first commit), records performance.now().
const ROOT_PROBE = `(() => {
  const probe = (window.__benchRoot = {});
  const observer = new MutationObserver(() => {
    const root = document.getElementById("root");
    if (!root || !root.firstElementChild) return;
    probe.filled = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

type Probe = { rendered?: number; ready?: number; errors: string[] };
type RootProbe = { filled?: number };

const launch = launchChromium;

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(HOST_PROBE);
  await context.addInitScript(ROOT_PROBE);
  return context;
}

/**
 * One visit of `page` (a navigation or a reload): waits for the app's first render (Liftoff:
 * the `rendered` message, then the frame's #root probe; Vite: the page's #root probe), then
 * for a quiet network (the app's data requests; nothing in flight for 500 ms), and reads the
 * clocks.
 */
async function visit(
  page: Page,
  navigate: () => Promise<unknown>,
  expectText: string,
  kind: AppKind,
): Promise<Load> {
  const pending = new Set<Request>();
  const finished: Promise<Fetched>[] = [];
  let lastActivity = performance.now();
  const onRequest = (request: Request) => {
    pending.add(request);
    lastActivity = performance.now();
  };
  const done = (ok: boolean) => (request: Request) => {
    pending.delete(request);
    lastActivity = performance.now();
    // A relayed frame loads its modules from blob: URLs made from the host's pack: no network.
    if (request.url().startsWith("blob:")) return;
    finished.push(describe(request, ok));
  };
  const onFinished = done(true);
  const onFailed = done(false);
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFailed);
  const appFrame = () => {
    if (kind === "vite") return page.mainFrame();
    const frame = page.frames().find((f) => f.url().includes("/runtime/frame"));
    if (!frame) throw new Error("no app frame");
    return frame;
  };
  try {
    await navigate();
    const wait = { timeout: RENDER_TIMEOUT_MS, polling: 50 };
    try {
      if (kind === "liftoff")
        await page.waitForFunction(() => (window as { __bench?: Probe }).__bench?.rendered, null, wait);
      await appFrame().waitForFunction(
        () => (window as { __benchRoot?: RootProbe }).__benchRoot?.filled,
        null,
        wait,
      );
    } catch (error) {
      throw new Error(`no first render: ${String(error).slice(0, 120)}; ${await stuck(page, pending)}`);
    }
    // The first page's data requests start from effects after that commit, and a slow
    // module evaluation can put it more than 500 ms after the last response: quiet counts
    // from the render too.
    lastActivity = Math.max(lastActivity, performance.now());
    await appFrame()
      .waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
        timeout: 10_000,
        polling: 50,
      })
      .catch(() => {}); // no paint entry: reported as NaN
    while (pending.size > 0 || performance.now() - lastActivity < 500)
      await new Promise((r) => setTimeout(r, 50));
    const host = await page.evaluate(() => ({
      probe: (window as unknown as { __bench: Probe }).__bench,
      timeOrigin: performance.timeOrigin,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    }));
    const app = await appFrame().evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      filled: (window as unknown as { __benchRoot: RootProbe }).__benchRoot.filled ?? Number.NaN,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      text: document.getElementById("root")?.textContent ?? "",
    }));
    if (!app.text.includes(expectText))
      throw new Error(`the app shows no "${expectText}": ${app.text.slice(0, 300)}`);
    const origin = host.timeOrigin;
    const requests = await Promise.all(finished);
    return {
      rendered: app.timeOrigin + app.filled - origin,
      signalled: host.probe.rendered ?? Number.NaN,
      ready: host.probe.ready ?? Number.NaN,
      hostPaint: host.fcp,
      painted: app.timeOrigin + app.fcp - origin,
      errors: host.probe.errors,
      // Only this machine's servers: an outside URL (the app's web font) fails here at once.
      requests: requests
        .filter((r) => /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(r.url))
        .map((r) => ({ ...r, start: r.start - origin, end: r.end - origin })),
    };
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    page.off("requestfailed", onFailed);
  }
}

/** A visit counts as failed when the app has not rendered after this long. */
const RENDER_TIMEOUT_MS = 30_000;

/** What a visit that did not render was waiting for: the host's probe, frames, requests. */
async function stuck(page: Page, pending: Set<Request>): Promise<string> {
  const host = await page
    .evaluate(() => JSON.stringify((window as { __bench?: Probe }).__bench ?? null))
    .catch((error) => String(error));
  const frames = await Promise.all(
    page.frames().map(async (f) => {
      const text = await f
        .evaluate(() => document.getElementById("root")?.textContent?.slice(0, 120) ?? "(no #root)")
        .catch(() => "(unreadable)");
      return `${f.url().slice(0, 80)}: ${text}`;
    }),
  );
  return (
    `host probe ${host}; frames ${frames.join(" | ")}; ` +
    `in flight ${[...pending].map((r) => r.url().slice(0, 100)).join(", ") || "none"}`
  );
}

/** A finished request's sizes and timing (start and end in epoch ms until made relative). */
async function describe(request: Request, ok: boolean): Promise<Fetched> {
  const response = ok ? await request.response() : null;
  const sizes = ok ? await request.sizes().catch(() => null) : null;
  const t = request.timing();
  const headers = sizes?.responseHeadersSize ?? 0;
  const body = sizes?.responseBodySize ?? 0;
  // Chromium reports encodedDataLength 0 for a cache hit, so the body size comes out <= 0.
  const cached = ok && body <= 0 && (response?.status() ?? 0) === 200;
  return {
    url: request.url(),
    start: t.startTime,
    end: t.startTime + Math.max(0, t.responseEnd),
    queued: Math.max(0, t.requestStart),
    bytes: cached ? 0 : Math.max(0, headers) + Math.max(0, body),
    cached,
    status: response?.status() ?? 0,
    encoding: (await response?.headerValue("content-encoding").catch(() => null)) ?? "",
  };
}

/**
 * An immutable file: Liftoff's vendor files (a module the frame fetched itself, the shared
 * vendor pack or the version's production bundle the host page relays to it); the Vite
 * build's hashed /assets/.
 */
const immutable = (kind: AppKind) => (r: Fetched) =>
  (kind === "vite" ? /^\/assets\// : /^\/runtime\/(vendor(-pack)?\/|assets\/[0-9a-f]+\.json$)/).test(
    new URL(r.url).pathname,
  );

function summarize(loads: Load[], kind: AppKind, failed: number): Visits {
  const isVendor = immutable(kind);
  const bytes = loads.map((l) => l.requests.reduce((n, r) => n + r.bytes, 0));
  return {
    rendered: timing(loads.map((l) => l.rendered)),
    painted: timing(loads.map((l) => l.painted)),
    requests: median(loads.map((l) => l.requests.length)),
    cached: median(loads.map((l) => l.requests.filter((r) => r.cached).length)),
    bytes: median(bytes),
    vendor: {
      requests: median(loads.map((l) => l.requests.filter(isVendor).length)),
      cached: median(loads.map((l) => l.requests.filter((r) => isVendor(r) && r.cached).length)),
    },
    errors: [...new Set(loads.flatMap((l) => l.errors))],
    failed,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** The slow network of the throttled rows (issue 13): 10 Mbit/s both ways, 40 ms round trip. */
export const THROTTLE = { label: "10 Mbit/s, 40 ms RTT", latency: 40, bytesPerSecond: 10_000_000 / 8 };

/**
 * Cold: a new context (empty cache) per run; warm: a reload of the same page right after;
 * throttled: cold visits with Chromium's network emulation (THROTTLE) on the page.
 */
async function measureApp(
  browser: Browser,
  url: string,
  expectText: string,
  runs: number,
  kind: AppKind,
  log: (line: string) => void,
) {
  const cold: Load[] = [];
  const warm: Load[] = [];
  const throttled: Load[] = [];
  const failed = { cold: 0, warm: 0, throttled: 0 };
  // A visit that does not render is logged, counted and left out; the others still count.
  const attempt = async (what: keyof typeof failed, fn: () => Promise<Load>): Promise<Load | null> => {
    try {
      return await fn();
    } catch (error) {
      failed[what] += 1;
      log(`${what} visit failed: ${String(error).slice(0, 1500)}`);
      return null;
    }
  };
  // One throw-away visit first: the server's first requests pay for lazy work (file reads, JIT).
  for (let i = -1; i < runs; i++) {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const first = await attempt("cold", () =>
        visit(page, () => page.goto(url, { waitUntil: "commit" }), expectText, kind),
      );
      const again = first
        ? await attempt("warm", () =>
            visit(page, () => page.reload({ waitUntil: "commit" }), expectText, kind),
          )
        : null;
      if (i >= 0) {
        if (first) cold.push(first);
        if (again) warm.push(again);
      }
    } finally {
      await context.close();
    }
  }
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: THROTTLE.latency,
        downloadThroughput: THROTTLE.bytesPerSecond,
        uploadThroughput: THROTTLE.bytesPerSecond,
      });
      const load = await attempt("throttled", () =>
        visit(page, () => page.goto(url, { waitUntil: "commit" }), expectText, kind),
      );
      if (load) throttled.push(load);
    } finally {
      await context.close();
    }
  }
  if (cold.length === 0 || warm.length === 0 || throttled.length === 0)
    throw new Error(`${url}: no visit of some kind rendered (${JSON.stringify(failed)})`);
  const medianLoad = (loads: Load[]) =>
    [...loads].sort((a, b) => a.rendered - b.rendered)[Math.floor((loads.length - 1) / 2)]!;
  return {
    cold: summarize(cold, kind, failed.cold),
    warm: summarize(warm, kind, failed.warm),
    throttled: summarize(throttled, kind, failed.throttled),
    waterfall: medianLoad(cold),
    warmWaterfall: medianLoad(warm),
  };
}

/** Cold visits of an app's own sign-in page (it starts no frame): when its form shows, and what it costs. */
export type SignInRender = {
  label: string;
  shown: Timing;
  requests: number;
  bytes: number;
};

/**
 * The app's sign-in page (`/apps/{id}/login`), cold (a fresh context each time): ms from
 * navigation start until its "Sign in" button shows, and requests and bytes over the wire
 * until the network is quiet (500 ms), this machine's servers only.
 */
async function measureSignIn(
  browser: Browser,
  url: string,
  label: string,
  runs: number,
): Promise<SignInRender> {
  const loads: { shown: number; requests: number; bytes: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      let lastActivity = performance.now();
      page.on("request", () => {
        lastActivity = performance.now();
      });
      page.on("requestfinished", (request) => {
        lastActivity = performance.now();
        if (!/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(request.url())) return;
        sizes.push(
          request
            .sizes()
            .then((s) => Math.max(0, s.responseHeadersSize) + Math.max(0, s.responseBodySize))
            .catch(() => 0),
        );
      });
      await page.goto(url);
      await page.getByTestId("app-login-submit").waitFor({ timeout: RENDER_TIMEOUT_MS });
      const shown = await page.evaluate(() => performance.now());
      lastActivity = Math.max(lastActivity, performance.now());
      while (performance.now() - lastActivity < 500) await new Promise((r) => setTimeout(r, 50));
      const all = await Promise.all(sizes);
      loads.push({ shown, requests: all.length, bytes: all.reduce((n, b) => n + b, 0) });
    } finally {
      await context.close();
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return {
    label,
    shown: timing(loads.map((l) => l.shown)),
    requests: median(loads.map((l) => l.requests)),
    bytes: median(loads.map((l) => l.bytes)),
  };
}

/**
 * Starts the server, makes and publishes the apps, builds the Vite twin of the generated app
 * and serves it, and measures them all (and the bookings app's sign-in page). BENCH_RENDER_RUNS (7) each.
 */
export async function measureFirstRender(
  runs = Number(process.env.BENCH_RENDER_RUNS ?? 7),
  log: (line: string) => void = () => {},
): Promise<{ apps: AppRender[]; signIn: SignInRender }> {
  log("building the server and web app if stale");
  buildIfNeeded();
  log("starting the production server");
  const server = await startLiftoff(undefined, {
    env: { ADMIN_EMAILS: ADMIN_EMAILS.join(","), SMTP_URL: "" },
  });
  let browser: Browser | null = null;
  const cleanup: (() => unknown)[] = [];
  try {
    log("creating and publishing the apps");
    // expect: text of the first page, checked in #root after each visit.
    const first = await signUpAdmin(server, ADMIN_EMAILS[0]!);
    const second = await signUpAdmin(server, ADMIN_EMAILS[1]!, first.token);
    const bench = await createBenchApp(first);
    log("vite build of the generated app (its SDK reads the published app's records)");
    const vite = await buildViteApp(generateApp(), BENCH_ENTITIES, bench.id);
    cleanup.push(vite.remove);
    const staticServer = await serveStatic(vite.distDir, server.url);
    cleanup.push(staticServer.stop);
    const apps: {
      label: string;
      kind: AppKind;
      expect: string;
      url: string;
      files: number;
      viteTwin?: string;
    }[] = [
      {
        label: "generated 30-file app (Home)",
        kind: "liftoff" as const,
        viteTwin: "Vite build of the same app (Home), static",
        expect: "New task",
        url: `${server.url}/app/${bench.slug}`,
        files: bench.files,
      },
      {
        label: "Vite build of the same app (Home), static",
        kind: "vite" as const,
        expect: "New task",
        url: `${staticServer.url}/`,
        files: bench.files,
      },
    ];
    const bookings = await createTemplateApp(second, "bookings");
    log("vite build of the bookings template");
    const bookingsVite = await buildViteApp(
      bookings.sources,
      bookings.entityNames,
      bookings.appId,
      bookings.mainPage,
    );
    cleanup.push(bookingsVite.remove);
    const bookingsStatic = await serveStatic(bookingsVite.distDir, server.url);
    cleanup.push(bookingsStatic.stop);
    apps.push({
      label: "bookings template (Services)",
      kind: "liftoff" as const,
      viteTwin: "Vite build of the bookings template (Services), static",
      expect: "Take an hour for yourself.",
      url: `${server.url}/app/${bookings.slug}`,
      files: bookings.files,
    });
    apps.push({
      label: "Vite build of the bookings template (Services), static",
      kind: "vite" as const,
      expect: "Take an hour for yourself.",
      url: `${bookingsStatic.url}/`,
      files: bookings.files,
    });
    browser = await launch();
    const results: AppRender[] = [];
    for (const app of apps) {
      log(`first render: ${app.label}`);
      const measured = await measureApp(browser, app.url, app.expect, runs, app.kind, log);
      results.push({
        label: app.label,
        kind: app.kind,
        files: app.files,
        ...(app.viteTwin ? { viteTwin: app.viteTwin } : {}),
        ...measured,
      });
    }
    log("sign-in page: bookings template");
    const signIn = await measureSignIn(
      browser,
      `${server.url}/apps/${bookings.appId}/login`,
      "bookings template's sign-in page",
      runs,
    );
    return { apps: results, signIn };
  } finally {
    await browser?.close();
    for (const step of cleanup.reverse()) await step();
    await server.stop();
  }
}

/**
 * Where a load's time goes: its requests grouped by kind, in start order (ms since
 * navigation start). Vendor modules requested before the runtime said `ready` are the
 * runtime's own graph; later ones are what the app's module imports.
 */
export function waterfallTable(load: Load, app: AppKind = "liftoff"): (string | number)[][] {
  const kind = (r: Fetched) => {
    const path = new URL(r.url).pathname;
    if (app === "vite") {
      if (path === "/" || path === "/index.html") return "index.html";
      if (path.startsWith("/assets/"))
        return path.endsWith(".css") ? "CSS (hashed)" : "JS: app + vendor (hashed)";
    }
    if (path.startsWith("/app/")) return "host page HTML";
    if (path.startsWith("/assets/")) return path.endsWith(".css") ? "host CSS" : "host JS";
    if (path === "/runtime/bundle") return "/runtime/bundle (which version)";
    if (path === "/runtime/frame") return "/runtime/frame (frame HTML)";
    if (path.startsWith("/runtime/vendor-pack/")) return "vendor pack (the host relays it to the frame)";
    if (path.startsWith("/runtime/vendor/"))
      return r.start < load.ready ? "vendor: the runtime's graph" : "vendor: the app's imports";
    if (path.startsWith("/runtime/assets/") && path.endsWith(".json"))
      return "production bundle: runtime, app, the vendor code it uses (relayed)";
    if (path.startsWith("/runtime/assets/")) return path.endsWith(".css") ? "app CSS" : "app JS";
    if (path.startsWith("/live_api/")) return "app data (/live_api)";
    return path;
  };
  const groups = new Map<string, Fetched[]>();
  for (const r of [...load.requests].sort((a, b) => a.start - b.start)) {
    const key = kind(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].map(([key, list]) => [
    key,
    list.length,
    Math.round(Math.min(...list.map((r) => r.start))),
    Math.round(Math.max(...list.map((r) => r.end))),
    Math.round(Math.max(...list.map((r) => r.queued))),
    `${(list.reduce((n, r) => n + r.bytes, 0) / 1024).toFixed(1)} KB`,
    [...new Set(list.map((r) => (r.cached ? "cache" : r.encoding || "none")))].join(", "),
  ]);
}

/** The milestones of a load, ms since navigation start. */
export function milestones(load: Load, app: AppKind = "liftoff"): string {
  const ms = (n: number) => `${Math.round(n)}`;
  const first = (path: string) =>
    load.requests.find((r) => new URL(r.url).pathname === path)?.start ?? Number.NaN;
  const data = load.requests.find((r) => new URL(r.url).pathname.startsWith("/live_api/"));
  if (app === "vite")
    return [
      `JS requested ${ms(load.requests.find((r) => r.url.endsWith(".js"))?.start ?? Number.NaN)}`,
      `app root filled ${ms(load.rendered)}`,
      `app painted ${ms(load.painted)}`,
      `first data request ${ms(data?.start ?? Number.NaN)}–${ms(data?.end ?? Number.NaN)}`,
    ].join(", ");
  return [
    `host page painted ${ms(load.hostPaint)}`,
    `host asks for /runtime/bundle ${ms(first("/runtime/bundle"))}`,
    `frame requested ${ms(first("/runtime/frame"))}`,
    `runtime ready (asks the host for init) ${ms(load.ready)}`,
    `app root filled ${ms(load.rendered)}`,
    `\`rendered\` message ${ms(load.signalled)}`,
    `app painted ${ms(load.painted)}`,
    `first data request ${ms(data?.start ?? Number.NaN)}–${ms(data?.end ?? Number.NaN)}`,
  ].join(", ");
}
