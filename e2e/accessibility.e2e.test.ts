import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "./support/api.ts";
import { type AxeViolation, axeViolations, blocking, describeViolations } from "./support/axe.ts";
import { baseUrl, launchBrowser, screenshot } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { type FocusIndicator, focusedElementKey, focusIndicator } from "./support/focus-indicator.ts";

import { E2E_A11Y_ADMIN_EMAIL } from "./support/global-setup.ts";

/**
 * Issue 14: the main screens at a desktop and a phone width pass axe-core's WCAG 2.2 AA rules
 * without a serious or critical violation, every keyboard focus stop shows an indicator of at
 * least 3:1, and dialogs give focus back to what opened them.
 */
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
] as const;

type Screen = {
  name: string;
  path: string | ((appId: string) => string);
  signedIn: boolean;
  /** What shows once the screen has loaded its data. */
  ready: (page: Page) => Promise<unknown>;
};

const SCREENS: Screen[] = [
  { name: "landing", path: "/", signedIn: false, ready: (p) => p.locator("main h1").waitFor() },
  { name: "login", path: "/login", signedIn: false, ready: (p) => p.getByTestId("login-email").waitFor() },
  {
    name: "sign-up",
    path: "/login?mode=signup",
    signedIn: false,
    ready: (p) => p.getByTestId("signup-email").waitFor(),
  },
  { name: "apps", path: "/apps", signedIn: true, ready: (p) => p.getByTestId("app-card").first().waitFor() },
  {
    name: "pricing",
    path: "/pricing",
    signedIn: true,
    ready: (p) => p.getByTestId("plan-card-builder-button").waitFor(),
  },
  {
    name: "settings",
    path: "/settings/profile",
    signedIn: true,
    ready: (p) => p.locator("main h1").waitFor(),
  },
  {
    name: "admin",
    path: "/admin",
    signedIn: true,
    ready: (p) => p.getByTestId("admin-user-row").first().waitFor(),
  },
  {
    name: "builder",
    path: (appId) => `/build/app/${appId}`,
    signedIn: true,
    ready: (p) => p.getByTestId("builder-app-name").waitFor(),
  },
];

describe("accessibility (WCAG 2.2 AA)", () => {
  let browser: Browser;
  let signedInState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  let appId: string;

  async function open(viewport: { width: number; height: number }, signedIn: boolean) {
    const context = await browser.newContext({
      viewport,
      baseURL: baseUrl(),
      ...(signedIn ? { storageState: signedInState } : {}),
    });
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
    const page = await context.newPage();
    await signUpVerified(page, E2E_A11Y_ADMIN_EMAIL);
    ({ id: appId } = await apiAs<{ id: string }>(page, "POST", "/api/apps", {
      appType: "space",
      name: "Reading list",
    }));
    signedInState = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("has no serious or critical axe violation on the main screens at 1280 and 375 px", async () => {
    const all: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      for (const signedIn of [false, true]) {
        const { context, page } = await open(viewport, signedIn);
        for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
          await page.goto(typeof screen.path === "string" ? screen.path : screen.path(appId));
          await screen.ready(page);
          // Entrance animations (opacity) would make axe measure contrast mid-fade.
          await page.waitForTimeout(400);
          all.push(...(await axeViolations(page, `${screen.name}@${viewport.label}`)));
        }
        await context.close();
      }
    }
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 } as Record<string, number>;
    for (const v of all) counts[v.impact] = (counts[v.impact] ?? 0) + 1;
    console.info(`axe violations by impact (rule × screen): ${JSON.stringify(counts)}`);
    if (all.length > 0) console.info(describeViolations(all));
    expect(describeViolations(blocking(all))).toBe("");
  });

  it("shows a focus indicator of at least 3:1 at every Tab stop", async () => {
    const failures: string[] = [];
    let stops = 0;
    for (const { path, signedIn, viewport } of [
      { path: "/", signedIn: false, viewport: VIEWPORTS[0] },
      { path: "/login", signedIn: false, viewport: VIEWPORTS[1] },
      { path: "/apps", signedIn: true, viewport: VIEWPORTS[0] },
      { path: "/pricing", signedIn: true, viewport: VIEWPORTS[0] },
      { path: "/settings/profile", signedIn: true, viewport: VIEWPORTS[1] },
    ]) {
      const { context, page } = await open(viewport, signedIn);
      await page.goto(path);
      await page.locator("main h1").first().waitFor();
      await page.waitForTimeout(300);
      const seen = new Set<string>();
      // Tab until focus comes round to a stop it has seen (or leaves the page).
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        const key = await focusedElementKey(page);
        if (key === null || seen.has(key)) break;
        seen.add(key);
        // The indicator animates with the element's transitions; read it once they settle.
        await page.waitForTimeout(160);
        const indicator = (await focusIndicator(page)) as FocusIndicator;
        stops += 1;
        if (indicator.kind === "none" || indicator.width < 2 || indicator.contrast < 3)
          failures.push(
            `${path}@${viewport.label}: ${indicator.element} ${indicator.kind} ${indicator.width}px ${indicator.contrast.toFixed(2)}:1`,
          );
        if (i === 3) await screenshot(page, `a11y-focus-${path.replace(/\W+/g, "-")}-${viewport.label}`);
      }
      await context.close();
    }
    console.info(`focus stops checked: ${stops}, without a 3:1 indicator: ${failures.length}`);
    expect(stops).toBeGreaterThan(40);
    expect(failures.join("\n")).toBe("");
  });
});
