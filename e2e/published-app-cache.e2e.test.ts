import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, tokenOf } from "./support/api.ts";
import { launchBrowser, newPage } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 13, "a warm visit takes the vendor modules from the browser's cache": the app's
 * frame has an opaque origin, which Chromium gives no HTTP cache, so the published app's
 * page fetches the frame's files itself (the version's production bundle — the runtime,
 * the app and only the vendor code it uses, in one pack — and its stylesheet) and hands
 * them to the frame ("Relayed modules" in docs/space-apps.md). These tests open a
 * published app as an anonymous visitor in a real browser and check where every file came
 * from, cold and warm, and that the frame stays opaque and still starts when the relay fails.
 */
const HOME = `import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { format } from "date-fns";

export default function Home() {
  return (
    <Card>
      <CardContent>
        <h1>Relayed home</h1>
        <p data-testid="year">{format(new Date(2030, 0, 2), "yyyy")}</p>
        <Button>Book now</Button>
      </CardContent>
    </Card>
  );
}
`;

type Seen = { url: string; path: string; fromCache: boolean; frame: "host" | "frame" };

/** Every response of a visit: its path, whether the HTTP cache answered, and which document asked. */
async function visit(page: Page, url: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const cachedUrls = new Set<string>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.response.fromDiskCache) cachedUrls.add(event.response.url);
  });
  let lastResponseAt = Date.now();
  const onResponse = (response: import("playwright-core").Response) => {
    lastResponseAt = Date.now();
    const request = response.request();
    const frame = request.frame();
    seen.push({
      url: response.url(),
      path: new URL(response.url()).pathname,
      fromCache: false,
      frame: frame === page.mainFrame() ? "host" : "frame",
    });
  };
  page.on("response", onResponse);
  await page.goto(url);
  await page.frameLocator('[data-testid="app-frame"]').getByText("Relayed home").waitFor({ timeout: 30_000 });
  // Quiet for 700 ms (Playwright's "networkidle" never comes for a visit whose frame
  // dynamically imports a blob: module: that request gets no "finished" event).
  while (Date.now() - lastResponseAt < 700) await page.waitForTimeout(100);
  page.off("response", onResponse);
  await cdp.detach();
  for (const entry of seen) entry.fromCache = cachedUrls.has(entry.url);
  return seen;
}

/** The relay pack the app's page names, once it is the version's production bundle (built after publishing). */
async function waitForProductionBundle(page: Page, slug: string): Promise<string> {
  for (let tries = 0; tries < 300; tries++) {
    const html = await (await page.request.get(`/app/${slug}`)).text();
    const pack = /"pack":"(\/runtime\/assets\/[0-9a-f]+\.json)"/.exec(html)?.[1];
    if (pack) return pack;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the production bundle was not ready within 60 s");
}

describe("a published app's frame files are relayed by its page and cached", () => {
  let browser: Browser;
  let slug = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await newPage(browser);
    await signUpVerified(page, E2E_CODE_ADMIN_EMAILS.relayProbe);
    const token = await tokenOf(page);
    const app = await call<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Relay probe",
    });
    await call(token, "POST", `/api/apps/${app.id}/files/update`, {
      file: { id: "pages/Home.jsx", content: HOME },
    });
    await call(token, "POST", `/api/apps/${app.id}/publish`);
    slug = app.slug;
    await waitForProductionBundle(page, slug);
    await context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("cold: one production bundle, no module fetched by the frame; warm: all of it from the cache", async () => {
    const { context, page } = await newPage(browser);
    const cold = await visit(page, `/app/${slug}`);
    // The page fetched the bundle and the stylesheet; the frame fetched no module at all.
    const appFiles = cold.filter((r) => r.path.startsWith("/runtime/assets/"));
    expect(appFiles.map((r) => [r.frame, r.path.split(".").pop()]).sort()).toEqual([
      ["host", "css"],
      ["host", "json"],
    ]);
    expect(cold.filter((r) => r.path.startsWith("/runtime/vendor"))).toEqual([]);
    // The page hosts the frame on its fast path: the React host page is never loaded.
    expect(cold.filter((r) => r.path.includes("mount-host-root"))).toEqual([]);
    expect(await page.title()).toBe("Relay probe");
    // The owner's free plan keeps the watermark: the fast path draws it, with the host styles.
    const bundle = await (await page.request.get(`/runtime/bundle?slug=${slug}`)).json();
    expect(bundle.app.showWatermark).toBe(true);
    const badge = page.getByTestId("watermark");
    await expect.poll(() => badge.textContent()).toBe("Made with Liftoff");
    expect(await badge.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    expect(await badge.getAttribute("href")).toBe("/");
    expect(await page.frameLocator('[data-testid="app-frame"]').getByTestId("year").textContent()).toBe(
      "2030",
    );

    const warm = await visit(page, `/app/${slug}`);
    const relayed = warm.filter(
      (r) => r.path.startsWith("/runtime/vendor-pack/") || r.path.startsWith("/runtime/assets/"),
    );
    expect(relayed).toHaveLength(2);
    expect(
      relayed.every((r) => r.fromCache),
      JSON.stringify(relayed),
    ).toBe(true);
    expect(warm.filter((r) => r.path.startsWith("/runtime/vendor/"))).toEqual([]);
    // Still an opaque-origin document running the app.
    const frame = page.frames().find((f) => f.url().includes("/runtime/frame"));
    expect(frame?.url()).toContain("relay=1");
    expect(await frame?.evaluate(() => self.origin)).toBe("null");
    await context.close();
  }, 90_000);

  it("starts from the network when the page cannot fetch the pack", async () => {
    const { context, page } = await newPage(browser);
    await page.route("**/runtime/assets/*.json", (route) => route.abort());
    const seen = await visit(page, `/app/${slug}`);
    // The frame fetched its modules itself.
    expect(seen.some((r) => r.path.startsWith("/runtime/vendor/") && r.frame === "frame")).toBe(true);
    await context.close();
  }, 90_000);
});
