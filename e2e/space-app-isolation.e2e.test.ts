import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, tokenOf } from "./support/api.ts";
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";
import { appLoginLink, waitForMail } from "./support/mailbox.ts";

/**
 * Untrusted app code must get nothing of the person viewing it (issue 4, "Isolation"). The
 * page below tries every way an app could reach the builder's session and prints what it
 * got; the test then looks for the builder's token and e-mail in that output, in the
 * builder's preview and on the published page.
 */
const PROBE_PAGE = `import { useEffect, useState } from "react";

function attempt(read) {
  try {
    const value = read();
    return value === undefined || value === null || value === "" ? "none" : "got:" + String(value).slice(0, 4000);
  } catch (error) {
    return "blocked:" + (error && error.name ? error.name : "Error");
  }
}

async function tryFetch(init) {
  try {
    const res = await fetch("/api/account/current", init);
    return "status:" + res.status + ":" + (await res.text()).slice(0, 4000);
  } catch (error) {
    return "blocked:" + (error && error.name ? error.name : "Error");
  }
}

export default function Home() {
  const [results, setResults] = useState(null);
  useEffect(() => {
    (async () => {
      const found = {
        origin: attempt(() => window.origin),
        cookie: attempt(() => document.cookie),
        tokenInStorage: attempt(() => localStorage.getItem("liftoff_token")),
        planted: attempt(() => localStorage.getItem("liftoff.isolation-probe")),
        storageKeys: attempt(() => {
          const keys = [];
          for (let i = 0; i < localStorage.length; i += 1) keys.push(localStorage.key(i));
          return keys.join(",");
        }),
        parentDom: attempt(() => window.parent.document.body.innerHTML),
        parentCookie: attempt(() => window.parent.document.cookie),
        parentStorage: attempt(() => window.parent.localStorage.getItem("liftoff.isolation-probe")),
        topHref: attempt(() => window.top.location.href),
        fetchPlain: await tryFetch(undefined),
        fetchWithCredentials: await tryFetch({ credentials: "include" }),
      };
      setResults(found);
    })();
  }, []);
  if (!results) return <p className="p-6 text-sm">Probing…</p>;
  return (
    <div className="p-6">
      <h1 className="mb-4 text-xl font-semibold">Isolation probe</h1>
      <pre data-testid="probe" className="whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-4 text-xs">
        {JSON.stringify(results, null, 2)}
      </pre>
    </div>
  );
}
`;

/** A page that shows who is signed in, with the SDK's login and logout (both go through the host). */
const ACCOUNT_PAGE = `import { useEffect, useState } from "react";
import { User } from "@/api/entities";
import { Button } from "@/components/ui/button";

export default function Home() {
  const [me, setMe] = useState(undefined);
  useEffect(() => {
    User.me().then(setMe, () => setMe(null));
  }, []);
  if (me === undefined) return <p className="p-6 text-sm">Loading…</p>;
  return (
    <div className="space-y-4 p-6">
      <p data-testid="who" className="text-lg font-medium">{me ? "Hello, " + me.full_name : "Signed out"}</p>
      {me ? (
        <Button data-testid="logout" onClick={async () => { await User.logout(); setMe(null); }}>Log out</Button>
      ) : (
        <Button data-testid="login" onClick={() => User.login()}>Sign in</Button>
      )}
    </div>
  );
}
`;

/** Two pages linked to each other, to follow in-app navigation in the host's URL. */
const HOME_WITH_LINK = `import { useState } from "react";
import { Link } from "react-router-dom";
import { createPageUrl } from "@/utils";

export default function Home() {
  // localStorage in the frame is the host's per-app copy: the count survives a reload.
  const [visits] = useState(() => {
    const next = Number(localStorage.getItem("visits") || "0") + 1;
    localStorage.setItem("visits", String(next));
    return next;
  });
  return (
    <div className="p-6">
      <h1 data-testid="page" className="text-xl font-semibold">Home</h1>
      <p data-testid="visits">Visits: {visits}</p>
      <Link data-testid="to-tasks" to={createPageUrl("Tasks?filter=open")} className="text-blue-600 underline">Tasks</Link>
    </div>
  );
}
`;
const TASKS_PAGE = `export default function Tasks() {
  return <h1 data-testid="page" className="p-6 text-xl font-semibold">Tasks</h1>;
}
`;

type Probe = Record<
  | "origin"
  | "cookie"
  | "tokenInStorage"
  | "planted"
  | "storageKeys"
  | "parentDom"
  | "parentCookie"
  | "parentStorage"
  | "topHref"
  | "fetchPlain"
  | "fetchWithCredentials",
  string
>;

async function readProbe(frame: FrameLocator): Promise<{ probe: Probe; text: string }> {
  const locator = frame.getByTestId("probe");
  await locator.waitFor({ timeout: 30_000 });
  const text = (await locator.textContent()) ?? "";
  return { probe: JSON.parse(text) as Probe, text };
}

/** Every way in must come back empty-handed: refused, empty, or not the builder's. */
function expectNothingOfTheBuilder(probe: Probe, text: string, secrets: string[]): void {
  for (const secret of secrets) expect(text).not.toContain(secret);
  // An opaque origin: the browser itself keeps the platform's cookies and storage away.
  expect(probe.origin).toBe("got:null");
  expect(probe.cookie).toMatch(/^(blocked:|none$)/);
  expect(probe.tokenInStorage).toMatch(/^(blocked:|none$)/);
  expect(probe.planted).toMatch(/^(blocked:|none$)/);
  expect(probe.storageKeys).toMatch(/^(blocked:|none$)/);
  expect(probe.parentDom).toMatch(/^blocked:/);
  expect(probe.parentCookie).toMatch(/^blocked:/);
  expect(probe.parentStorage).toMatch(/^blocked:/);
  expect(probe.topHref).toMatch(/^blocked:/);
  // Platform API calls from the frame carry no session: refused by CORS, or 401.
  expect(probe.fetchPlain).toMatch(/^(blocked:|status:401:)/);
  expect(probe.fetchWithCredentials).toMatch(/^(blocked:|status:401:)/);
}

async function expectBuilderStillSignedIn(page: Page, email: string): Promise<void> {
  // The session is the HttpOnly cookie: the platform's page uses it without ever seeing it.
  const account = await page.evaluate(async () => {
    const res = await fetch("/api/account/current");
    return { status: res.status, body: await res.text(), cookie: document.cookie };
  });
  expect(account.cookie).not.toContain("session_token");
  expect(account.status).toBe(200);
  expect(account.body).toContain(email);
  expect(await page.evaluate(() => localStorage.getItem("liftoff.isolation-probe"))).toBe("builder-secret");
}

/**
 * Opens a published app's deep link with one side of the frame handshake held back 1.5 s —
 * the host page's scripts (the frame's runtime says `ready` long before the page listens),
 * or the frame's runtime (the page listens, and sends `init` unasked, long before) — and
 * checks the app starts on that page in the one frame the server put into the HTML.
 */
async function openWithOneSideLate(browser: Browser, path: string, late: RegExp): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    const frameDocuments: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/runtime/frame") frameDocuments.push(request.url());
    });
    await page.route(late, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(path);
    const frame = page.frameLocator('[data-testid="app-frame"]');
    await expect.poll(() => frame.getByTestId("page").textContent(), { timeout: 30_000 }).toBe("Tasks");
    expect(frameDocuments).toHaveLength(1);
    expect(await page.locator("iframe").count()).toBe(1);
    expect(await page.locator('#liftoff-boot-frame > iframe[data-testid="app-frame"]').count()).toBe(1);
  } finally {
    await context.close();
  }
}

describe("space app isolation", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("app code gets nothing of the builder's, in the preview and when published", async () => {
    const { page } = await newPage(browser);
    // A platform admin, since the test writes the app's code (admin-only).
    const email = E2E_CODE_ADMIN_EMAILS.isolationProbe;
    await signUpVerified(page, email);
    const token = await tokenOf(page);
    // Something of the builder's in the platform's own storage, for the app to look for.
    await page.evaluate(() => localStorage.setItem("liftoff.isolation-probe", "builder-secret"));
    const secrets = [token, email, "builder-secret"];

    const app = await call<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Isolation probe",
    });
    await call(token, "POST", `/api/apps/${app.id}/files/update`, {
      file: { id: "pages/Home.jsx", content: PROBE_PAGE },
    });
    await call(token, "POST", `/api/apps/${app.id}/publish`);

    // (a) The builder's preview of the draft, on the builder's own page.
    await page.goto(`/build/app/${app.id}`);
    const preview = await readProbe(page.frameLocator('[data-testid="preview-frame"]'));
    expectNothingOfTheBuilder(preview.probe, preview.text, secrets);
    await screenshot(page, "isolation-preview");
    await expectBuilderStillSignedIn(page, email);

    // (b) The published app, opened by the same signed-in builder.
    await page.goto(`/app/${app.slug}`);
    const frame = page.locator('[data-testid="app-frame"]');
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe(
      "allow-scripts allow-forms allow-popups allow-modals allow-downloads",
    );
    // The one frame is the one the server put into the page's HTML, adopted by the host.
    expect(await page.locator("iframe").count()).toBe(1);
    expect(await page.locator("#liftoff-boot-frame > iframe").getAttribute("sandbox")).toBe(
      "allow-scripts allow-forms allow-popups allow-modals allow-downloads",
    );
    const published = await readProbe(page.frameLocator('[data-testid="app-frame"]'));
    expectNothingOfTheBuilder(published.probe, published.text, secrets);
    expect(await page.title()).toBe("Isolation probe");
    await screenshot(page, "isolation-published");
    await expectBuilderStillSignedIn(page, email);
  });

  it("an end user signs up on the app's own login page, verifies, resets the password and signs out", async () => {
    const { page: builder } = await newPage(browser);
    await signUpVerified(builder, E2E_CODE_ADMIN_EMAILS.memberCorner);
    const token = await tokenOf(builder);
    const app = await call<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Member corner",
    });
    await call(token, "POST", `/api/apps/${app.id}/files/update`, {
      file: { id: "pages/Home.jsx", content: ACCOUNT_PAGE },
    });
    await call(token, "POST", `/api/apps/${app.id}/publish`);
    await call(token, "POST", `/api/apps/${app.id}/settings`, {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: "https://example.com/terms",
        privacyPolicyLink: "https://example.com/privacy",
        supportEmail: "help@example.com",
      },
    });

    // An anonymous visitor opens the app and asks to sign in: the host sends them to the login page.
    const { page } = await newPage(browser);
    await page.goto(`/app/${app.slug}`);
    const frame = page.frameLocator('[data-testid="app-frame"]');
    await expect.poll(() => frame.getByTestId("who").textContent()).toBe("Signed out");
    await frame.getByTestId("login").click();
    await page.waitForURL((url) => url.pathname === `/apps/${app.id}/login`);
    expect(new URL(page.url()).searchParams.get("nextUrl")).toBe(`/app/${app.slug}`);
    await expect.poll(() => page.getByTestId("app-login-name").textContent()).toBe("Member corner");
    expect(await page.getByTestId("app-login-footer").textContent()).toContain("help@example.com");
    await screenshot(page, "app-login-desktop");

    // Sign up, and come back to the app signed in: the frame got the new token.
    const visitor = uniqueEmail("end-user");
    await page.getByTestId("app-tab-signup").click();
    await page.getByTestId("app-signup-name").fill("Ada Visitor");
    await page.getByTestId("app-signup-email").fill(visitor);
    await page.getByTestId("app-signup-password").fill(E2E_PASSWORD);
    await screenshot(page, "app-signup-desktop");
    await page.getByTestId("app-signup-submit").click();
    await page.waitForURL((url) => url.pathname === `/app/${app.slug}`);
    await expect.poll(() => frame.getByTestId("who").textContent()).toBe("Hello, Ada Visitor");
    // The host keeps the end user's app token in its tab's sessionStorage, never localStorage.
    expect(await page.evaluate((id) => sessionStorage.getItem(`liftoff.appToken.${id}`), app.id)).toMatch(
      /^lat_/,
    );
    expect(await page.evaluate((id) => localStorage.getItem(`liftoff.appToken.${id}`), app.id)).toBeNull();

    // The verification mail leads to the app's login page, which confirms the address and
    // signs the user in there: the link opens in a new tab, which holds no app token.
    const verifyMail = await waitForMail(visitor, "Verify your email for Member corner");
    const linkTab = await page.context().newPage();
    await linkTab.goto(appLoginLink(verifyMail.text));
    await expect
      .poll(() => linkTab.getByTestId("app-verify-result").textContent())
      .toContain("You're signed in");
    expect(new URL(linkTab.url()).searchParams.get("oobCode")).toBeNull();
    await screenshot(linkTab, "app-login-verified");
    await linkTab.setViewportSize({ width: 375, height: 800 });
    await screenshot(linkTab, "app-login-verified-375");
    await linkTab.keyboard.press("Enter");
    await linkTab.waitForURL((url) => url.pathname === `/app/${app.slug}`);
    await expect
      .poll(() => linkTab.frameLocator('[data-testid="app-frame"]').getByTestId("who").textContent())
      .toBe("Hello, Ada Visitor");
    await linkTab.close();

    // Forgot password → mail → new password → sign in with it.
    await page.goto(`/apps/${app.id}/login`);
    await page.getByTestId("app-login-forgot").click();
    await page.getByTestId("app-reset-email").fill(visitor);
    await page.getByTestId("app-reset-submit").click();
    await page.getByTestId("app-reset-sent").waitFor();
    const resetMail = await waitForMail(visitor, "Reset your Member corner password");
    await page.goto(appLoginLink(resetMail.text));
    await page.getByTestId("app-new-password").fill("a-new-secret-77");
    await page.getByTestId("app-new-password-submit").click();
    await expect
      .poll(() => page.getByTestId("app-reset-done").textContent())
      .toContain("Password reset successfully");
    await page.getByRole("button", { name: "Continue to sign in" }).click();
    await page.getByTestId("app-login-email").fill(visitor);
    await page.getByTestId("app-login-password").fill(E2E_PASSWORD);
    await page.getByTestId("app-login-submit").click();
    await expect
      .poll(() => page.getByTestId("app-login-error").textContent())
      .toBe("Invalid email or password");
    await page.getByTestId("app-login-password").fill("a-new-secret-77");
    await page.getByTestId("app-login-submit").click();
    // No nextUrl left in the link: the app's home.
    await page.waitForURL((url) => url.pathname === `/app/${app.slug}`);
    await expect.poll(() => frame.getByTestId("who").textContent()).toBe("Hello, Ada Visitor");

    // Signing out in the app makes the host forget the token.
    await frame.getByTestId("logout").click();
    await expect.poll(() => frame.getByTestId("who").textContent()).toBe("Signed out");
    await expect
      .poll(() => page.evaluate((id) => sessionStorage.getItem(`liftoff.appToken.${id}`), app.id))
      .toBeNull();
    await screenshot(page, "app-published-signed-out");

    // The login page at phone width, and a redirect that leaves the site is refused.
    const { page: phone } = await newPage(browser, { width: 375, height: 667 });
    await phone.goto(`/apps/${app.id}/login?nextUrl=${encodeURIComponent("https://evil.example/")}`);
    await phone.getByTestId("app-login-email").waitFor();
    await screenshot(phone, "app-login-mobile");
    await phone.getByTestId("app-login-email").fill(visitor);
    await phone.getByTestId("app-login-password").fill("a-new-secret-77");
    await phone.getByTestId("app-login-submit").click();
    await phone.waitForURL((url) => url.pathname === `/app/${app.slug}`);
    expect(new URL(phone.url()).host).toBe(new URL(baseUrl()).host);
  });

  it("mirrors in-app navigation into the URL, and answers unknown and unpublished apps", async () => {
    const { page: builder } = await newPage(browser);
    await signUpVerified(builder, E2E_CODE_ADMIN_EMAILS.routing);
    const token = await tokenOf(builder);
    const app = await call<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Routing app",
    });
    await call(token, "POST", `/api/apps/${app.id}/files/update`, {
      file: { id: "pages/Home.jsx", content: HOME_WITH_LINK },
    });
    await call(token, "POST", `/api/apps/${app.id}/files/update`, {
      file: { id: "pages/Tasks.jsx", content: TASKS_PAGE },
    });
    await call(token, "POST", `/api/apps/${app.id}/settings`, { appSettings: { mainPage: "Home" } });

    // Not published yet: a visitor is told so at the deep link (no sign-in would show it).
    const { page } = await newPage(browser);
    const unpublished = await page.goto(`/app/${app.slug}/Tasks`);
    expect(unpublished?.status()).toBe(403);
    await page.getByRole("heading", { name: "This app is not published yet" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/${app.slug}/Tasks`);

    await call(token, "POST", `/api/apps/${app.id}/publish`);
    // Published: the page comes with the app's frame already loading, which the host
    // adopts whichever side of the ready/init handshake is late, at the deep link's page.
    await openWithOneSideLate(browser, `/app/${app.slug}/Tasks`, /\/assets\/[^/]+\.js$/);
    await openWithOneSideLate(
      browser,
      `/app/${app.slug}/Tasks`,
      /\/runtime\/vendor\/liftoff-runtime-[^/]+\.js$/,
    );

    await page.goto(`/app/${app.slug}`);
    const frame = page.frameLocator('[data-testid="app-frame"]');
    await expect.poll(() => frame.getByTestId("page").textContent()).toBe("Home");
    await frame.getByTestId("to-tasks").click();
    await expect.poll(() => frame.getByTestId("page").textContent()).toBe("Tasks");
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/app/${app.slug}/Tasks?filter=open`);
    await page.goBack();
    await expect.poll(() => frame.getByTestId("page").textContent()).toBe("Home");
    expect(new URL(page.url()).pathname).toBe(`/app/${app.slug}`);
    await page.goForward();
    await expect.poll(() => frame.getByTestId("page").textContent()).toBe("Tasks");

    // A deep link starts the app on its page.
    await page.goto(`/app/${app.slug}/tasks`);
    await expect.poll(() => frame.getByTestId("page").textContent()).toBe("Tasks");

    // The app's storage was kept by the host under the app's own key, and seeds the next visit.
    const stored = await page.evaluate((id) => localStorage.getItem(`liftoff.appStorage.${id}`), app.id);
    expect(JSON.parse(stored ?? "{}")).toEqual({ visits: "2" });
    await page.goto(`/app/${app.slug}`);
    await expect.poll(() => frame.getByTestId("visits").textContent()).toBe("Visits: 3");

    await page.goto("/app/no-such-app-here");
    await expect.poll(() => page.getByTestId("host-status").textContent()).toContain("App not found");
    await screenshot(page, "app-not-found");
  });
});
