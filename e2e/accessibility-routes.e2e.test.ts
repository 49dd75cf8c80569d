import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectNoBlockingViolations,
  openContext,
  type SessionState,
  settleAnimations,
  VIEWPORTS,
} from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import { type AxeViolation, axeViolations } from "./support/axe.ts";
import { baseUrl, launchBrowser } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 14: the routes the other accessibility suites do not open — legal pages, the auth
 * screens besides sign-in and sign-up (password reset request, e-mail verification, the
 * link handler, unauthorized), the not-found page, onboarding, home, packages, join plan,
 * the dev mailbox, and a published app's own login page in each of its views, its "not
 * published yet" page and a missing app — pass axe-core's WCAG 2.2 AA rules at 1280 and
 * 375 px with no serious or critical violation, each with exactly one h1.
 */
type Route = {
  name: string;
  path: (ids: { appId: string; draftSlug: string }) => string;
  signedIn: boolean;
  /** What to do once the page shows its h1 (switch a tab, open a view). */
  open?: (page: Page) => Promise<unknown>;
};

const ROUTES: Route[] = [
  { name: "terms", path: () => "/terms-of-service", signedIn: false },
  { name: "privacy", path: () => "/privacy-policy", signedIn: false },
  { name: "reset request", path: () => "/login?mode=reset", signedIn: false },
  { name: "verify e-mail (no code)", path: () => "/auth/verifyEmail", signedIn: false },
  {
    name: "link handler (bad link)",
    path: () => "/auth/handler?mode=resetPassword&oobCode=nope",
    signedIn: false,
  },
  { name: "unauthorized", path: () => "/error/unauthorized", signedIn: false },
  { name: "not found", path: () => "/no-such-page", signedIn: false },
  { name: "app sign-in", path: ({ appId }) => `/apps/${appId}/login`, signedIn: false },
  {
    name: "app sign-up",
    path: ({ appId }) => `/apps/${appId}/login`,
    signedIn: false,
    open: (page) => page.getByTestId("app-tab-signup").click(),
  },
  {
    name: "app forgot password",
    path: ({ appId }) => `/apps/${appId}/login`,
    signedIn: false,
    open: (page) => page.getByTestId("app-login-forgot").click(),
  },
  {
    name: "app reset password (bad link)",
    path: ({ appId }) => `/apps/${appId}/login?mode=resetPassword&oobCode=nope`,
    signedIn: false,
  },
  { name: "app not published yet", path: ({ draftSlug }) => `/app/${draftSlug}`, signedIn: false },
  { name: "missing app", path: () => "/app/no-such-app-anywhere", signedIn: false },
  { name: "onboarding", path: () => "/onboarding", signedIn: true },
  { name: "home", path: () => "/home", signedIn: true },
  { name: "packages", path: () => "/apps/packages", signedIn: true },
  { name: "join plan", path: () => "/joinPlan", signedIn: true },
  { name: "dev mailbox", path: () => "/dev/mailbox", signedIn: true },
];

describe("accessibility of the remaining routes (WCAG 2.2 AA)", { timeout: 180_000 }, () => {
  let browser: Browser;
  let signedInState: SessionState;
  const ids = { appId: "", draftSlug: "" };

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0] });
    await signUpVerified(page, E2E_CODE_ADMIN_EMAILS.a11yRoutes);
    const token = await tokenOf(page);
    // Two apps: past the free plan's one space app, so this admin moves to a bigger plan.
    await setPlanAsAdmin(token, { email: E2E_CODE_ADMIN_EMAILS.a11yRoutes, plan: "master" });
    ({ id: ids.appId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Harbour tours",
    }));
    // Sign-up can be switched on once the app is published.
    await apiCall(token, "POST", `/api/apps/${ids.appId}/publish`);
    await apiCall(token, "POST", `/api/apps/${ids.appId}/settings`, {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: "https://liftoff.test/terms",
        privacyPolicyLink: "https://liftoff.test/privacy",
        supportEmail: "help@liftoff.test",
      },
    });
    ({ slug: ids.draftSlug } = await apiCall<{ slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Lighthouse log",
    }));
    signedInState = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("has no serious or critical axe violation and one h1 on every remaining route, at 1280 and 375 px", async () => {
    const all: AxeViolation[] = [];
    const headings: string[] = [];
    const moved: string[] = [];
    for (const viewport of VIEWPORTS) {
      for (const signedIn of [false, true]) {
        const { context, page } = await openContext(browser, {
          viewport,
          ...(signedIn ? { storageState: signedInState } : {}),
        });
        for (const route of ROUTES.filter((r) => r.signedIn === signedIn)) {
          const screen = `${route.name}@${viewport.label}`;
          await page.goto(route.path(ids));
          await page.locator("h1").first().waitFor({ timeout: 30_000 });
          await route.open?.(page);
          await page.waitForLoadState("networkidle");
          // The new view's content, after its entrance animation.
          await settleAnimations(page);
          all.push(...(await axeViolations(page, screen)));
          // The page asked for was the page scanned (no redirect elsewhere).
          const asked = new URL(route.path(ids), baseUrl()).pathname;
          if (new URL(page.url()).pathname !== asked) moved.push(`${screen}: ${asked} → ${page.url()}`);
          const h1s = await page.locator("h1").count();
          if (h1s !== 1) headings.push(`${screen}: ${h1s} h1`);
        }
        await context.close();
      }
    }
    expectNoBlockingViolations(all, "remaining routes");
    expect(headings).toEqual([]);
    expect(moved).toEqual([]);
  });
});
