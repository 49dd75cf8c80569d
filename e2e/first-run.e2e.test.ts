import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResponse, tokenOf } from "./support/api.ts";
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { signUpInUi, verifyFromMailbox } from "./support/flows.ts";
import { type PlatformServer, startPlatformServer } from "./support/start-platform-server.ts";

/** The verification link of the newest mail to the user signed in on `page` (their own dev mailbox). */
async function ownVerificationLink(page: Page): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await page.request.get("/api/dev/mailbox", { headers: { "X-Liftoff-Session": "cookie" } });
    const { mails } = (await res.json()) as { mails: { text: string }[] };
    const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/auth\/handler\S*/)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("no verification mail in the own mailbox");
}

describe("first run of a fresh instance", () => {
  let browser: Browser;
  let fresh: PlatformServer;
  const pageAt = async (width: number) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: fresh.baseUrl });
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    [browser, fresh] = await Promise.all([launchBrowser(), startPlatformServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await fresh?.close();
  });

  it("the first sign-up is the admin, told so once after verifying; the next sign-up is not", async () => {
    const { context, page } = await pageAt(1280);
    const email = uniqueEmail("founder");
    await signUpInUi(page, email);
    // No SMTP on a fresh install: the verify page says so and links to the dev mailbox,
    // where the new user reads their own mail and opens the link.
    await page.getByTestId("verify-dev-mailbox").waitFor();
    await screenshot(page, "verify-email-dev-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "verify-email-dev-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("verify-open-mailbox").click();
    await page.waitForURL(/\/dev\/mailbox$/);
    await page.getByTestId("mailbox-item").filter({ hasText: "Verify" }).first().click();
    await page.getByTestId("mailbox-link").first().click();
    await page.getByTestId("handler-continue").click();
    // Onboarding (or wherever verification continues) leads into the shell, which sends
    // the new admin to the first-run screen.
    await page.waitForURL(/\/(onboarding|welcome|apps)/);
    if (new URL(page.url()).pathname === "/onboarding") await page.getByTestId("onboarding-submit").click();
    await page.waitForURL(/\/welcome$/);
    await page.getByRole("heading", { name: "You're the admin of this instance" }).waitFor();
    // A fresh install has no model: the screen says so and leads to Admin → AI model.
    await expect(page.getByTestId("first-run-model").textContent()).resolves.toContain("None is set yet");
    await page.getByText("No mail server is set up").waitFor();
    await screenshot(page, "first-run-1280");

    // Keyboard: the primary action has focus; Enter opens Admin with the AI model card.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe(
      "first-run-ai",
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin$/);
    await page.getByTestId("admin-ai-settings").waitFor();

    // Once: back in the shell, after a reload too, nobody is sent there again.
    await page.goto("/apps");
    const asked = page.waitForResponse((res) => res.url().endsWith("/api/admin/firstRun"));
    await page.reload();
    expect(await (await asked).json()).toEqual({ welcome: false });
    await page.getByTestId("apps-create").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/apps");

    // The screen itself stays reachable for the admin (the 375 px look).
    const narrow = await pageAt(375);
    await narrow.context.addCookies(await context.cookies());
    await narrow.page.goto("/welcome");
    await narrow.page.getByTestId("first-run").waitFor();
    await narrow.page.getByTestId("first-run-model").waitFor();
    await screenshot(narrow.page, "first-run-375");
    await narrow.context.close();
    await context.close();

    // The second account is a builder: no admin rights, no first-run screen.
    const second = await pageAt(1280);
    await signUpInUi(second.page, uniqueEmail("second"));
    await second.page.goto(await ownVerificationLink(second.page));
    await second.page.getByTestId("handler-continue").click();
    await second.page.goto("/apps");
    await second.page.getByTestId("apps-create").first().waitFor();
    const account = await second.page.request.get("/api/account/current", {
      headers: { "X-Liftoff-Session": "cookie" },
    });
    expect((await account.json()).isAdmin).toBe(false);
    await second.page.goto("/welcome");
    await second.page.waitForURL(/\/apps$/);
    await second.context.close();
  });
});

describe("kinds of app that are not built yet", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  const checked = (page: Page, testId: string) => page.getByTestId(testId).getAttribute("aria-checked");

  it("offer every kind in onboarding and the New app dialog, which starts on the onboarding answer", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail("kinds");
    await signUpInUi(page, email);
    await verifyFromMailbox(page, email);

    // Onboarding: all three kinds can be chosen, with the arrow keys too.
    await page.goto("/onboarding");
    await page.getByTestId("onboarding-name").fill("Kind Tester");
    for (const kind of ["generated", "space", "tool"])
      await expect(page.getByTestId(`onboarding-kind-${kind}`).isDisabled()).resolves.toBe(false);
    await expect(page.getByText("Coming soon").count()).resolves.toBe(0);
    await page.getByTestId("onboarding-kind-generated").click();
    await expect(checked(page, "onboarding-kind-generated")).resolves.toBe("true");
    await screenshot(page, "onboarding-kinds-1280");
    await page.getByTestId("onboarding-submit").click();
    await page.waitForURL(/\/apps/);
    await expect(page.evaluate(() => localStorage.getItem("liftoff:preferredAppKind"))).resolves.toBe(
      "generated",
    );

    // The dialog starts on the onboarding answer.
    await page.getByTestId("apps-create").first().click();
    await page.getByTestId("apps-create-dialog").waitFor();
    await expect(checked(page, "apps-create-kind-generated")).resolves.toBe("true");
    await screenshot(page, "new-app-dialog-1280");
    // Keyboard only: focus starts on the chosen kind, an arrow moves it, Tab reaches the name, Enter creates.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe(
      "apps-create-kind-generated",
    );
    await page.keyboard.press("ArrowRight");
    await expect(checked(page, "apps-create-kind-space")).resolves.toBe("true");
    await page.keyboard.press("ArrowLeft");
    await expect(checked(page, "apps-create-kind-generated")).resolves.toBe("true");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard board");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/build\/app\//);
    await page.getByTestId("builder-app-name").waitFor();

    // An unknown answer falls back to a space app.
    const narrow = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: baseUrl() });
    await narrow.addCookies(await context.cookies());
    const small = await narrow.newPage();
    await small.goto("/apps");
    await small.evaluate(() => localStorage.setItem("liftoff:preferredAppKind", "website"));
    await small.reload();
    await small.getByTestId("apps-create").first().click();
    await small.getByTestId("apps-create-dialog").waitFor();
    await expect(checked(small, "apps-create-kind-space")).resolves.toBe("true");
    await screenshot(small, "new-app-dialog-375");
    await narrow.close();

    const token = await tokenOf(page);
    const apps = await apiResponse<{ apps: { kind: string }[] }>(token, "GET", "/api/apps");
    expect(apps.body.apps.map((app) => app.kind)).toEqual(["generated"]);
    await context.close();
  });
});

describe("an app that is not published yet", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("says so at its URL and login page (403) instead of a sign-in or not-found; a missing app stays 404", async () => {
    const { context, page: builder } = await newPage(browser);
    const email = uniqueEmail("unpublished");
    await signUpInUi(builder, email);
    await verifyFromMailbox(builder, email);
    const token = await tokenOf(builder);
    const created = await apiResponse<{ id: string; slug: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Not yet",
    });
    expect(created.status).toBe(201);
    const app = created.body;
    await context.close();

    for (const width of [1280, 375]) {
      const { context: visitorContext, page } = await newPage(browser, { width, height: 800 });
      const res = await page.goto(`/app/${app.slug}`);
      expect(res?.status()).toBe(403);
      await page.getByRole("heading", { name: "This app is not published yet" }).waitFor();
      expect(await page.title()).toBe("Not published yet");
      expect(new URL(page.url()).pathname).toBe(`/app/${app.slug}`);
      await screenshot(page, `app-unpublished-${width}`);
      // Keyboard: the one action is reachable with Tab.
      await page.keyboard.press("Tab");
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain(
        "Check again",
      );

      // Its login page says the same: nobody can sign in to it yet.
      await page.goto(`/apps/${app.id}/login`);
      await page.getByRole("heading", { name: "This app is not published yet" }).waitFor();
      expect(await page.getByTestId("app-login-email").count()).toBe(0);
      await visitorContext.close();
    }

    const { context: strangerContext, page: stranger } = await newPage(browser);
    const missing = await stranger.goto("/app/no-such-app-anywhere");
    expect(missing?.status()).toBe(404);
    await expect.poll(() => stranger.getByTestId("host-status").textContent()).toContain("App not found");
    await strangerContext.close();
  });
});
