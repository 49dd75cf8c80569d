import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Frame, FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResponse, apiCall as call, SESSION_COOKIE, tokenOf } from "./support/api.ts";
import { baseUrl, launchBrowser, newPage } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * The browser isolation suite (issue 12, "Generated code escapes to the platform origin"):
 * generated code, wherever it runs — the published app, the builder's preview, its frame
 * opened top-level, its frame embedded by another site — and whatever it sends over the
 * bridge, gets no platform credential and cannot act as the viewer on /api.
 *
 * The probe page tries every way out it can, then sends every bridge message a frame may
 * send (with `open` aimed at the platform, at its own frame document, and at another site)
 * and records the host's answers.
 */
const ESCAPE_PAGE = `import { useEffect, useState } from "react";

function attempt(read) {
  try {
    const value = read();
    return value === undefined || value === null || value === "" ? "none" : "got:" + String(value).slice(0, 2000);
  } catch (error) {
    return "blocked:" + (error && error.name ? error.name : "Error");
  }
}

async function tryFetch(path, init) {
  try {
    const res = await fetch(path, init);
    return "status:" + res.status + ":" + (await res.text()).slice(0, 2000);
  } catch (error) {
    return "blocked:" + (error && error.name ? error.name : "Error");
  }
}

export default function Home() {
  const [results, setResults] = useState(null);
  useEffect(() => {
    const received = [];
    window.addEventListener("message", (event) => received.push(JSON.stringify(event.data)));
    (async () => {
      const found = {
        origin: attempt(() => window.origin),
        cookie: attempt(() => document.cookie),
        localKeys: attempt(() => Object.keys(localStorage).join(",")),
        sessionKeys: attempt(() => Object.keys(sessionStorage).join(",")),
        parentDom: attempt(() => window.parent.document.body.innerHTML),
        parentSession: attempt(() => Object.keys(window.parent.sessionStorage).join(",")),
        topHref: attempt(() => window.top.location.href),
        account: await tryFetch("/api/account/current", { credentials: "include" }),
        admin: await tryFetch("/api/admin/users", { credentials: "include" }),
        // A "simple" cross-origin POST (no preflight) riding the visitor's cookie.
        createApp: await tryFetch("/api/apps", {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "text/plain" },
          body: JSON.stringify({ appType: "space", name: "Stolen by app code" }),
        }),
      };
      const send = (message) => window.parent.postMessage({ source: "liftoff-frame", ...message }, "*");
      send({ type: "ready" });
      send({ type: "rendered", page: "Home" });
      send({ type: "navigate", path: "/Home" });
      send({ type: "storage", key: "probe", value: "from-app" });
      send({ type: "error", error: { title: "Probe error", details: "", componentName: "Home", scope: "uncaught" } });
      send({ type: "open", url: location.href });
      send({ type: "open", url: new URL("/api/account/current", location.href).href });
      send({ type: "open", url: new URL("/apps", location.href).href });
      send({ type: "open", url: "OTHER_SITE/landing" });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      found.received = received.join("\\n");
      setResults(found);
    })();
  }, []);
  if (!results) return <p>Probing…</p>;
  return <pre data-testid="probe">{JSON.stringify(results, null, 2)}</pre>;
}
`;

type Probe = Record<
  | "origin"
  | "cookie"
  | "localKeys"
  | "sessionKeys"
  | "parentDom"
  | "parentSession"
  | "topHref"
  | "account"
  | "admin"
  | "createApp"
  | "received",
  string
>;

async function readProbe(frame: FrameLocator): Promise<{ probe: Probe; text: string }> {
  const locator = frame.getByTestId("probe");
  await locator.waitFor({ timeout: 30_000 });
  const text = (await locator.textContent()) ?? "";
  return { probe: JSON.parse(text) as Probe, text };
}

function expectNoEscape(probe: Probe, text: string, secrets: string[]): void {
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(probe.origin).toBe("got:null");
  expect(probe.cookie).toMatch(/^(blocked:|none$)/);
  // The frame's localStorage is the app's own store, kept by the host (the key it wrote itself).
  expect(probe.localKeys).toMatch(/^(blocked:|none$|got:probe$)/);
  expect(probe.sessionKeys).toMatch(/^(blocked:|none$)/);
  expect(probe.parentDom).toMatch(/^blocked:/);
  expect(probe.parentSession).toMatch(/^blocked:/);
  expect(probe.topHref).toMatch(/^blocked:/);
  expect(probe.account).toMatch(/^(blocked:|status:401:)/);
  expect(probe.admin).toMatch(/^(blocked:|status:401:)/);
  expect(probe.createApp).toMatch(/^(blocked:|status:40[13]:)/);
  // The host answered `ready` with an init: an app token at most, never the platform's.
  for (const line of probe.received.split("\n").filter(Boolean)) {
    const message = JSON.parse(line) as { source?: string; token?: string | null };
    if (message.source !== "liftoff-host") continue;
    if (message.token) expect(message.token).toMatch(/^lat_/);
  }
}

/** Pages the frame's `open` requests made: only the other site's, and without a handle back. */
async function expectOnlyForeignOpened(context: BrowserContext, before: number, otherSite: string) {
  await expect.poll(() => context.pages().length, { timeout: 10_000 }).toBeGreaterThan(before);
  // Give refused requests the same time to (not) show up.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const opened = context.pages().slice(before);
  expect(opened).toHaveLength(1);
  const popup = opened[0]!;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${otherSite}/landing`);
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  await popup.close();
}

describe("generated code cannot escape to the platform", () => {
  let browser: Browser;
  let otherSite: string;
  let other: Server;
  let embedSrc = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    // Another site (another origin: another port) that embeds the app's frame and is where
    // the app's `open` request for a foreign page lands.
    other = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      if (req.url === "/landing") return res.end("<!doctype html><p id=landed>landed</p>");
      res.end(
        `<!doctype html><iframe id="plain" src="${embedSrc}"></iframe>` +
          `<iframe id="sandboxed" sandbox="allow-scripts" src="${embedSrc}"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    otherSite = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => other.close(resolve));
  });

  it("published, in the preview, top-level, from another site and over the bridge", async () => {
    const { context, page } = await newPage(browser);
    const email = E2E_CODE_ADMIN_EMAILS.escapeProbe;
    await signUpVerified(page, email);
    const token = await tokenOf(page);
    const cookie = (await context.cookies()).find((c) => c.name.endsWith(SESSION_COOKIE))!;
    // The platform's own pages cannot read their session either (HttpOnly).
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    const secrets = [token, email, decodeURIComponent(cookie.value)];

    const app = await call<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Escape probe",
    });
    const save = (content: string) =>
      call<{ versionId: string }>(token, "POST", `/api/apps/${app.id}/files/update`, {
        file: { id: "pages/Home.jsx", content },
      });
    const page1 = ESCAPE_PAGE.replace("OTHER_SITE", otherSite);
    const published = (await save(page1)).versionId;
    await call(token, "POST", `/api/apps/${app.id}/publish`);
    const draft = (await save(page1.replace("Probing…", "Probing the draft…"))).versionId;
    const frameUrl = (versionId: string) =>
      `${baseUrl()}/runtime/frame?${new URLSearchParams({ appId: app.id, versionId })}`;
    const appsBefore = (await call<{ apps?: unknown[] }>(token, "GET", "/api/apps")) as unknown;

    // (a) The published app, opened by the signed-in builder, and everything it sends over the bridge.
    let before = context.pages().length;
    await page.goto(`/app/${app.slug}`);
    const publishedProbe = await readProbe(page.frameLocator('[data-testid="app-frame"]'));
    expectNoEscape(publishedProbe.probe, publishedProbe.text, secrets);
    await expectOnlyForeignOpened(context, before, otherSite);
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);

    // (b) The builder's preview of the draft (its frame URL carries only a frame grant).
    before = context.pages().length;
    await page.goto(`/build/app/${app.id}`);
    const previewFrame = page.locator('[data-testid="preview-frame"]');
    await previewFrame.waitFor();
    const previewSrc = (await previewFrame.getAttribute("src")) ?? "";
    expect(previewSrc).toContain(`versionId=${draft}`);
    expect(previewSrc).toMatch(/[?&]grant=/);
    for (const secret of secrets) expect(previewSrc).not.toContain(secret);
    const previewProbe = await readProbe(page.frameLocator('[data-testid="preview-frame"]'));
    expectNoEscape(previewProbe.probe, previewProbe.text, secrets);
    await expectOnlyForeignOpened(context, before, otherSite);

    // Nothing the app tried changed the builder's account: still signed in, no app made.
    const account = await page.evaluate(async () => (await fetch("/api/account/current")).status);
    expect(account).toBe(200);
    expect(await call(token, "GET", "/api/apps")).toEqual(appsBefore);

    // (c) The frame opened top-level: opaque, and the runtime refuses to start.
    const top = await context.newPage();
    const response = await top.goto(frameUrl(published));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toMatch(/(^|; )sandbox allow-scripts/);
    await expect
      .poll(() => top.getByTestId("frame-top-level").textContent())
      .toBe("This app runs inside its page. Open it from its link.");
    expect(await top.getByTestId("probe").count()).toBe(0);
    expect(await top.evaluate(() => window.origin)).toBe("null");
    expect(
      await top.evaluate(() => {
        try {
          return document.cookie;
        } catch (error) {
          return `blocked:${(error as Error).name}`;
        }
      }),
    ).not.toContain(SESSION_COOKIE);
    const topFetch = await top.evaluate(async () => {
      try {
        return (await fetch("/api/account/current", { credentials: "include" })).status;
      } catch {
        return "blocked";
      }
    });
    expect([401, "blocked"]).toContain(topFetch);
    // A draft opened without the builders' grant is refused, even with the builder's cookie.
    expect((await top.goto(frameUrl(draft)))?.status()).toBe(403);
    // The relayed frame (a published app's page hands it its modules) opened top-level: it
    // asks nobody, starts from the network, and the runtime refuses just the same.
    const relayed = await top.goto(`${frameUrl(published)}&relay=1`);
    expect(relayed?.headers()["content-security-policy"]).toMatch(/(^|; )sandbox allow-scripts/);
    await expect
      .poll(() => top.getByTestId("frame-top-level").textContent())
      .toBe("This app runs inside its page. Open it from its link.");
    expect(await top.getByTestId("probe").count()).toBe(0);
    expect(await top.evaluate(() => window.origin)).toBe("null");
    await top.close();

    // (d) Another site embedding the frame (with and without a sandbox attribute): the
    // browser refuses to render it there (frame-ancestors), so no app code runs at all.
    embedSrc = frameUrl(published);
    const { context: visitorContext, page: visitor } = await newPage(browser);
    await visitorContext.addCookies([{ ...cookie }]);
    const appModules: string[] = [];
    visitor.on("request", (request) => {
      if (/\/runtime\/assets\/[^/]+\.js$/.test(request.url())) appModules.push(request.url());
    });
    await visitor.goto(`${otherSite}/`);
    await visitor.waitForLoadState("load");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const frames = visitor.frames().filter((frame: Frame) => frame !== visitor.mainFrame());
    expect(frames).toHaveLength(2);
    for (const frame of frames) expect(await frame.locator('[data-testid="probe"]').count()).toBe(0);
    expect(appModules).toEqual([]);
    await visitorContext.close();

    // (e) An anonymous visitor gets the relayed frame (its page hands it the modules): the
    // same opaque origin and the same refusals, the same bridge.
    const { context: anonymousContext, page: anonymous } = await newPage(browser);
    before = anonymousContext.pages().length;
    await anonymous.goto(`/app/${app.slug}`);
    expect(await anonymous.locator('[data-testid="app-frame"]').getAttribute("src")).toContain("relay=1");
    const relayedProbe = await readProbe(anonymous.frameLocator('[data-testid="app-frame"]'));
    expectNoEscape(relayedProbe.probe, relayedProbe.text, secrets);
    await expectOnlyForeignOpened(anonymousContext, before, otherSite);
    await anonymousContext.close();
    await context.close();
  });

  it("refuses a cross-site write riding the session cookie", async () => {
    // The server side of the same rule, as a browser on another site would send it.
    const { context, page } = await newPage(browser);
    await signUpVerified(page, `csrf-${Date.now()}@e2e.liftoff.test`);
    const cookie = (await context.cookies()).find((c) => c.name.endsWith(SESSION_COOKIE))!;
    const res = await fetch(`${baseUrl()}/api/apps`, {
      method: "POST",
      headers: {
        cookie: `${cookie.name}=${cookie.value}`,
        origin: otherSite,
        "content-type": "application/json",
      },
      body: JSON.stringify({ appType: "space", name: "Cross-site" }),
    });
    expect(res.status).toBe(403);
    // The same request from the platform's own page goes through.
    const ok = await page.evaluate(async () => {
      const answer = await fetch("/api/session/refresh", { method: "POST" });
      return answer.status;
    });
    expect(ok).toBe(200);
    expect((await apiResponse(await tokenOf(page), "GET", "/api/account/current")).status).toBe(200);
    await context.close();
  });
});
