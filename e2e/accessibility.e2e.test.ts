import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, apiCall, tokenOf } from "./support/api.ts";
import { type AxeViolation, axeViolations, blocking, describeViolations } from "./support/axe.ts";
import { baseUrl, launchBrowser, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
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

// The scans load a dozen screens or more at two widths: more than the suite's 90 s for one
// flow when the machine is busy.
describe("accessibility (WCAG 2.2 AA)", { timeout: 240_000 }, () => {
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
    const structure: string[] = [];
    const titles = new Map<string, string>();
    for (const viewport of VIEWPORTS) {
      for (const signedIn of [false, true]) {
        const { context, page } = await open(viewport, signedIn);
        for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
          await page.goto(typeof screen.path === "string" ? screen.path : screen.path(appId));
          await screen.ready(page);
          // Entrance animations (opacity) would make axe measure contrast mid-fade.
          await page.waitForTimeout(400);
          all.push(...(await axeViolations(page, `${screen.name}@${viewport.label}`)));
          // What axe's WCAG rules leave out: one h1 per page and a title of its own per route.
          const outline = (await page.evaluate(`(() => ({
            h1: document.querySelectorAll("h1").length,
            main: document.querySelectorAll("main").length,
            title: document.title,
          }))()`)) as { h1: number; main: number; title: string };
          structure.push(`${screen.name}@${viewport.label}: ${outline.h1} h1, ${outline.main} main`);
          titles.set(screen.name, outline.title);
        }
        await context.close();
      }
    }
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 } as Record<string, number>;
    for (const v of all) counts[v.impact] = (counts[v.impact] ?? 0) + 1;
    console.info(`axe violations by impact (rule × screen): ${JSON.stringify(counts)}`);
    if (all.length > 0) console.info(describeViolations(all));
    expect(describeViolations(blocking(all))).toBe("");
    expect(structure.filter((line) => !line.endsWith(": 1 h1, 1 main"))).toEqual([]);
    console.info(`page titles: ${JSON.stringify(Object.fromEntries(titles))}`);
    // Sign-up is the login route in its other mode, and still a page title of its own.
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect([...titles.values()].every((title) => title.endsWith(" · Liftoff"))).toBe(true);
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

  it("names every dialog it opens by keyboard and gives focus back to the opener on close", async () => {
    // A builder of its own, whose one app this test deletes.
    const { context, page } = await open(VIEWPORTS[0], false);
    await signUpVerified(page, uniqueEmail("a11y-dialogs"));
    await apiAs(page, "POST", "/api/apps", { appType: "space", name: "Old drafts" });
    const focused = () =>
      page.evaluate(`(() => {
        const el = document.activeElement;
        return el?.getAttribute("data-testid") ?? el?.tagName.toLowerCase() ?? null;
      })()`);
    // The open dialog's accessible name: the text of what aria-labelledby points at.
    const dialogName = () =>
      page.evaluate(`(() => {
        const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
        const id = dialog?.getAttribute("aria-labelledby");
        return (id && document.getElementById(id)?.textContent?.trim()) || null;
      })()`);
    const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
    const results: string[] = [];
    async function check(
      label: string,
      opener: ReturnType<Page["getByTestId"]>,
      openKeys: string[],
      name: RegExp,
    ) {
      await opener.focus();
      // A beat between keys, as a person types: a menu's items arrive a frame after it opens.
      for (const key of openKeys) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
      }
      await dialog.waitFor();
      expect(await dialogName(), label).toMatch(name);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      results.push(`${label}: ${await focused()}`);
    }

    await page.goto("/apps");
    const card = page.getByTestId("app-card").filter({ hasText: "Old drafts" });
    await card.waitFor();
    // A dialog opened by a plain button, and two opened from a menu, whose item is gone by
    // the time they close: focus goes back to the button and to the menu's button.
    await check("new app", page.getByTestId("apps-create").first(), ["Enter"], /create/i);
    await check("rename", card.getByTestId("app-card-menu"), ["Enter", "ArrowDown", "Enter"], /rename/i);
    await check("delete", card.getByTestId("app-card-menu"), ["Enter", "End", "Enter"], /delete/i);
    await page.goto("/pricing");
    await page.getByTestId("plan-card-builder-button").waitFor();
    // Each plan's button says which plan it moves to ("Upgrade to Builder"), none just "Upgrade".
    const planButtons = await page
      .locator('[data-testid^="plan-card-"][data-testid$="-button"]')
      .allTextContents();
    expect(planButtons.length).toBeGreaterThan(4);
    expect(new Set(planButtons).size).toBe(planButtons.length);
    expect(planButtons).toContain("Upgrade to Builder");
    await check("plan", page.getByTestId("plan-card-builder-button"), ["Enter"], /builder/i);
    expect(results).toEqual([
      "new app: apps-create",
      "rename: app-card-menu",
      "delete: app-card-menu",
      "plan: plan-card-builder-button",
    ]);

    // Confirmed, the delete takes the opener away with its card (and, the last app, the list
    // too): focus goes to the first control left in the page's content, not to the body.
    await page.goto("/apps");
    await card.getByTestId("app-card-menu").focus();
    for (const key of ["Enter", "End", "Enter"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await page.getByTestId("confirm-dialog-confirm").focus();
    await page.keyboard.press("Enter");
    await card.waitFor({ state: "detached" });
    await dialog.waitFor({ state: "detached" });
    expect(await focused()).toBe("apps-create");
    await context.close();
  });
  it("has no serious or critical axe violation in any page of the published templates, frame and host, at 1280 and 375 px", async () => {
    // A builder of its own (one space app at a time on the free plan): each template in turn
    // becomes an app, is published, scanned as a visitor and as a signed-in end user, and deleted.
    const { context: setup, page: builderPage } = await open(VIEWPORTS[0], false);
    await signUpVerified(builderPage, uniqueEmail("a11y-templates"));
    const token = await tokenOf(builderPage);
    await setup.close();
    const templates = await apiCall<{ id: string; pages: string[] }[]>(token, "GET", "/api/templates");
    expect(templates.map((t) => t.id).sort()).toEqual(["bookings", "small-crm", "task-board"]);

    const all: AxeViolation[] = [];
    const structure: string[] = [];
    let scanned = 0;
    for (const template of templates) {
      const { appId, slug } = await apiCall<{ appId: string; slug: string }>(
        token,
        "POST",
        `/api/templates/${template.id}/use`,
      );
      await apiCall(token, "POST", `/api/apps/${appId}/publish`);
      // An end user of the app, whose token the host page keeps in its tab's sessionStorage.
      const endUser = await fetch(`${baseUrl()}/live_api/apps/${appId}/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: uniqueEmail("a11y-end-user"),
          password: E2E_PASSWORD,
          name: "Ada Reader",
        }),
      });
      expect(endUser.status).toBe(201);
      const { token: appToken } = (await endUser.json()) as { token: string };

      for (const viewport of VIEWPORTS) {
        for (const signedIn of [false, true]) {
          const { context, page } = await open(viewport, false);
          if (signedIn)
            await context.addInitScript(
              ([key, value]) => {
                // The host page only: the app frame's opaque origin has no storage of this kind.
                if (window === window.top) window.sessionStorage.setItem(key as string, value as string);
              },
              [`liftoff.appToken.${appId}`, appToken],
            );
          // Signed out, the app's address (its main page, which asks visitors to sign in);
          // signed in, every page.
          const pages = signedIn ? template.pages : [""];
          for (const pageName of pages) {
            const screen = `${template.id}/${pageName || "(visitor)"}@${viewport.label}`;
            await page.goto(`/app/${slug}/${pageName}`);
            const frameElement = page.getByTestId("app-frame");
            await frameElement.waitFor();
            const frame = await (await frameElement.elementHandle())?.contentFrame();
            if (!frame) throw new Error(`${screen}: no app frame`);
            await frame.locator("main").first().waitFor({ timeout: 30_000 });
            // Data loads and entrance animations settle before axe measures contrast.
            await page.waitForTimeout(1_000);
            all.push(...(await axeViolations(frame, `${screen} frame`)));
            all.push(...(await axeViolations(page, `${screen} host`)));
            // What axe's WCAG rules leave out: one h1, and headings that never skip a level.
            const levels = (await frame.evaluate(
              `[...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]))`,
            )) as number[];
            const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1).length;
            structure.push(`${screen}: ${levels.filter((l) => l === 1).length} h1, ${skips} skips`);
            console.info(`scanned ${screen}`);
            scanned += 1;
          }
          if (!signedIn) {
            // Where the app's sign-in button leads: the app's own login page, on the host.
            await page.goto(`/apps/${appId}/login`);
            await page.getByTestId("app-login-name").waitFor();
            await page.waitForTimeout(400);
            all.push(...(await axeViolations(page, `${template.id}/login@${viewport.label} host`)));
          }
          await context.close();
        }
      }
      await apiCall(token, "DELETE", `/api/apps/${appId}`);
    }
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 } as Record<string, number>;
    for (const v of all) counts[v.impact] = (counts[v.impact] ?? 0) + 1;
    console.info(`templates: ${scanned} pages scanned; axe violations by impact: ${JSON.stringify(counts)}`);
    if (all.length > 0) console.info(describeViolations(all));
    // Every page of all three templates, both viewports, plus each main page for a visitor.
    expect(scanned).toBe(templates.reduce((n, t) => n + (t.pages.length + 1) * VIEWPORTS.length, 0));
    expect(describeViolations(blocking(all))).toBe("");
    expect(structure.filter((line) => !line.endsWith(": 1 h1, 0 skips"))).toEqual([]);
  }, 600_000);
});
