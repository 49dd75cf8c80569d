import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectNoBlockingViolations,
  openContext,
  type SessionState,
  settleAnimations,
  VIEWPORTS,
} from "./support/a11y-scan.ts";
import { apiAs, apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import { type AxeViolation, axeViolations } from "./support/axe.ts";
import { baseUrl, launchBrowser, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { type FocusIndicator, focusedElementKey, focusIndicator } from "./support/focus-indicator.ts";

import { E2E_A11Y_ADMIN_EMAIL } from "./support/global-setup.ts";

/**
 * Issue 14: the main screens at a desktop and a phone width pass axe-core's WCAG 2.2 AA rules
 * without a serious or critical violation, every keyboard focus stop shows an indicator of at
 * least 3:1, and dialogs give focus back to what opened them.
 */
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
  let signedInState: SessionState;
  let adminToken: string;
  let appId: string;

  const open = (viewport: (typeof VIEWPORTS)[number], signedIn: boolean) =>
    openContext(browser, { viewport, ...(signedIn ? { storageState: signedInState } : {}) });

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0] });
    await signUpVerified(page, E2E_A11Y_ADMIN_EMAIL);
    adminToken = await tokenOf(page);
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
          await settleAnimations(page);
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
    expectNoBlockingViolations(all, "main screens");
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
      await settleAnimations(page);
      const seen = new Set<string>();
      // Tab until focus comes round to a stop it has seen (or leaves the page).
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        const key = await focusedElementKey(page);
        if (key === null || seen.has(key)) break;
        seen.add(key);
        // The indicator animates with the element's transitions; read it once they end.
        await settleAnimations(page);
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
    // The suite's admin holds all three template apps at once on a bigger plan: each is
    // published once, then every page is loaded once and scanned at both widths.
    await setPlanAsAdmin(adminToken, { email: E2E_A11Y_ADMIN_EMAIL, plan: "master" });
    const templates = await apiCall<{ id: string; pages: string[] }[]>(adminToken, "GET", "/api/templates");
    expect(templates.map((t) => t.id).sort()).toEqual(["bookings", "small-crm", "task-board"]);
    const apps = await Promise.all(
      templates.map(async (template) => {
        const { appId, slug } = await apiCall<{ appId: string; slug: string }>(
          adminToken,
          "POST",
          `/api/templates/${template.id}/use`,
        );
        await apiCall(adminToken, "POST", `/api/apps/${appId}/publish`);
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
        return { template, appId, slug, appToken };
      }),
    );

    const all: AxeViolation[] = [];
    const structure: string[] = [];
    let scanned = 0;
    // One tab for all of it, as a visitor first and then signed in to each app.
    const { context, page } = await open(VIEWPORTS[0], false);
    /** The page at both widths, the wider first: the page, and the app frame when it has one. */
    const scanBothWidths = async (screen: string, frameOf: () => Promise<Frame | null>) => {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const frame = await frameOf();
        if (frame) {
          // Data loaded (no skeleton shimmering) and entrance animations over before axe
          // measures contrast.
          await frame.waitForFunction(() => !document.querySelector(".animate-shimmer"), null, {
            timeout: 30_000,
          });
          await settleAnimations(frame);
        }
        await settleAnimations(page);
        if (frame) {
          all.push(...(await axeViolations(frame, `${screen}@${viewport.label} frame`)));
          // What axe's WCAG rules leave out: one h1, and headings that never skip a level.
          const levels = (await frame.evaluate(
            `[...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]))`,
          )) as number[];
          const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1).length;
          structure.push(
            `${screen}@${viewport.label}: ${levels.filter((l) => l === 1).length} h1, ${skips} skips`,
          );
          scanned += 1;
        }
        all.push(...(await axeViolations(page, `${screen}@${viewport.label} host`)));
        console.info(`scanned ${screen}@${viewport.label}`);
      }
    };
    /** Loads an app page in the host and waits for the app's main landmark in its frame. */
    const openAppPage = async (path: string, screen: string) => {
      await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
      await page.goto(path);
      const frameElement = page.getByTestId("app-frame");
      await frameElement.waitFor();
      const frame = await (await frameElement.elementHandle())?.contentFrame();
      if (!frame) throw new Error(`${screen}: no app frame`);
      await frame.locator("main").first().waitFor({ timeout: 30_000 });
      return frame;
    };

    for (const { template, appId, slug, appToken } of apps) {
      // Signed out, the app's address (its main page, which asks visitors to sign in), and
      // where its sign-in button leads: the app's own login page, on the host.
      const visitor = await openAppPage(`/app/${slug}/`, `${template.id}/(visitor)`);
      await scanBothWidths(`${template.id}/(visitor)`, async () => visitor);
      await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
      await page.goto(`/apps/${appId}/login`);
      await page.getByTestId("app-login-name").waitFor();
      await scanBothWidths(`${template.id}/login`, async () => null);
      // Signed in, every page.
      await context.addInitScript(
        ([key, value]) => {
          // The host page only: the app frame's opaque origin has no storage of this kind.
          if (window === window.top) window.sessionStorage.setItem(key as string, value as string);
        },
        [`liftoff.appToken.${appId}`, appToken],
      );
      for (const pageName of template.pages) {
        const screen = `${template.id}/${pageName}`;
        const frame = await openAppPage(`/app/${slug}/${pageName}`, screen);
        await scanBothWidths(screen, async () => frame);
      }
    }
    await context.close();
    await Promise.all(apps.map(({ appId }) => apiCall(adminToken, "DELETE", `/api/apps/${appId}`)));

    expectNoBlockingViolations(all, `templates: ${scanned} pages scanned`);
    // Every page of all three templates, both viewports, plus each main page for a visitor.
    expect(scanned).toBe(templates.reduce((n, t) => n + (t.pages.length + 1) * VIEWPORTS.length, 0));
    expect(structure.filter((line) => !line.endsWith(": 1 h1, 0 skips"))).toEqual([]);
  }, 600_000);
});
