import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, tokenOf } from "./support/api.ts";
import { type AxeViolation, axeViolations, blocking, describeViolations } from "./support/axe.ts";
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
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
] as const;

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
  let signedInState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  const ids = { appId: "", draftSlug: "" };

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl() });
    const page = await context.newPage();
    await signUpVerified(page, E2E_CODE_ADMIN_EMAILS.a11yRoutes);
    const token = await tokenOf(page);
    // Two apps: past the free plan's one space app, so this admin moves to a bigger plan.
    const { users } = await apiCall<{ users: { userId: string; email: string }[] }>(
      token,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(E2E_CODE_ADMIN_EMAILS.a11yRoutes)}`,
    );
    const me = users.find((u) => u.email === E2E_CODE_ADMIN_EMAILS.a11yRoutes);
    if (!me) throw new Error("the signed-up admin is not in the admin list");
    await apiCall(token, "POST", `/api/admin/users/${me.userId}/plan`, { plan: "master" });
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
        const context = await browser.newContext({
          viewport,
          baseURL: baseUrl(),
          ...(signedIn ? { storageState: signedInState } : {}),
        });
        const page = await context.newPage();
        for (const route of ROUTES.filter((r) => r.signedIn === signedIn)) {
          const screen = `${route.name}@${viewport.label}`;
          await page.goto(route.path(ids));
          await page.locator("h1").first().waitFor({ timeout: 30_000 });
          if (route.open) {
            await route.open(page);
            // The new view's content, after its entrance animation.
            await page.waitForTimeout(300);
          }
          await page.waitForLoadState("networkidle");
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
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 } as Record<string, number>;
    for (const v of all) counts[v.impact] = (counts[v.impact] ?? 0) + 1;
    console.info(`axe violations by impact (rule × screen): ${JSON.stringify(counts)}`);
    if (all.length > 0) console.info(describeViolations(all));
    expect(describeViolations(blocking(all))).toBe("");
    expect(headings).toEqual([]);
    expect(moved).toEqual([]);
  });
});
