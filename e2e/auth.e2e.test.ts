import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, logInInUi, signUpInUi, verifyFromMailbox } from "./support/flows.ts";
import { handlerLink, waitForMail } from "./support/mailbox.ts";

describe("accounts in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("signs up, verifies from the dev mailbox, lands on /apps and creates an app", async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail("signup");
    await signUpInUi(page, email, "Ada Builder");
    await expect(page.getByTestId("verify-email-address").textContent()).resolves.toContain(email);
    await screenshot(page, "verify-email");

    await verifyFromMailbox(page, email);
    await page.getByTestId("handler-continue").click();
    // A new builder is offered onboarding first; then the dashboard.
    await page.waitForURL(/\/(onboarding|apps)/);
    if (page.url().includes("/onboarding")) {
      await page.getByTestId("onboarding-name").fill("Ada Builder");
      await page.getByTestId("onboarding-submit").click();
    }
    await page.waitForURL(/\/apps$/);
    await screenshot(page, "apps-empty");

    await page.getByTestId("apps-create").first().click();
    await page.getByTestId("apps-create-kind-space").click();
    await page.getByTestId("apps-create-name").fill("Booking board");
    await page.getByTestId("apps-create-submit").click();
    await page.waitForURL(/\/build\/app\/[\w-]+/);
    await page.getByText("Booking board").first().waitFor();

    await page.goto("/apps");
    await page.getByTestId("app-card").first().waitFor();
    expect(await page.getByTestId("app-card").count()).toBe(1);
    await screenshot(page, "apps");
    await context.close();
  });

  it("shows the spec's message for a wrong password and for a taken e-mail", async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail("wrongpw");
    await signUpInUi(page, email);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await logInInUi(page, email, "not-the-password-1");
    await expect(page.getByTestId("login-error").textContent()).resolves.toContain(
      "Invalid email or password",
    );

    await page.goto("/login?mode=signup");
    await page.getByTestId("signup-name").fill("Someone");
    await page.getByTestId("signup-email").fill(email);
    await page.getByTestId("signup-password").fill(E2E_PASSWORD);
    await page.getByTestId("signup-submit").click();
    await expect(page.getByTestId("signup-error").textContent()).resolves.toContain(
      "This email is already in use, try logging in",
    );
    await context.close();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail("reset");
    await signUpInUi(page, email);
    await page.context().clearCookies();

    await page.goto("/login?mode=reset");
    await page.getByTestId("reset-email").fill(email);
    await page.getByTestId("reset-submit").click();
    await page.getByTestId("reset-sent").waitFor();

    const mail = await waitForMail(email, "Reset");
    await page.goto(handlerLink(mail));
    await page.getByTestId("reset-new-password").fill("short");
    await page.getByTestId("reset-new-submit").click();
    await page.getByText("Password is too weak, please try again").waitFor();
    await page.getByTestId("reset-new-password").fill("brand-new-secret-7");
    await page.getByTestId("reset-new-submit").click();
    await page.getByText("Password reset successfully").first().waitFor();
    await page.waitForURL(/\/login/);

    await logInInUi(page, email, "brand-new-secret-7");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    expect(new URL(page.url()).pathname).toBe("/auth/verifyEmail");

    // The link is single-use.
    await page.goto(handlerLink(mail));
    await page.getByTestId("reset-new-password").fill("another-secret-8");
    await page.getByTestId("reset-new-submit").click();
    await expect(page.getByTestId("reset-new-error").textContent()).resolves.toContain(
      "Link invalid, try to reset your password again.",
    );
    await context.close();
  });

  it("deletes a legacy JS-readable session cookie unread: a planted one signs nobody in", async () => {
    // A valid session token of someone else, as a sibling host could plant it.
    const res = await fetch(`${baseUrl()}/api/session/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail("planted"), password: E2E_PASSWORD, name: "Planted" }),
    });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    expect(token.length).toBeGreaterThan(10);
    const { page, context } = await newPage(browser);
    await context.addCookies([{ name: "liftoff_token", value: token, url: baseUrl() }]);
    await page.goto("/apps");
    await page.waitForURL(/\/login/);
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "liftoff_token"))
      .toBe(false);
    await context.close();
  });
});
