import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, logInInUi, signUpVerified } from "./support/flows.ts";
import { handlerLink, waitForMail } from "./support/mailbox.ts";

describe("settings in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("changes the e-mail after re-entering the password", async () => {
    const { page, context } = await newPage(browser);
    const taken = uniqueEmail("taken");
    await signUpVerified(page, taken);
    await page.getByTestId("account-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login/);

    const email = uniqueEmail("change");
    await signUpVerified(page, email);
    await page.goto("/settings/email");
    await expect(page.getByTestId("settings-email-current").textContent()).resolves.toContain(email);

    await page.getByTestId("settings-email-new").fill(taken);
    await page.getByTestId("settings-email-password").fill(E2E_PASSWORD);
    await page.getByTestId("settings-email-submit").click();
    await expect(page.getByTestId("settings-email-error").textContent()).resolves.toContain(
      "This email is already in use",
    );

    const next = uniqueEmail("changed");
    await page.getByTestId("settings-email-new").fill(next);
    await page.getByTestId("settings-email-password").fill(E2E_PASSWORD);
    await page.getByTestId("settings-email-submit").click();
    await page.getByTestId("settings-email-pending").waitFor();
    expect(await page.getByTestId("settings-email-pending").textContent()).toContain(
      "Check your new address to confirm the change",
    );
    await screenshot(page, "settings-email");
    // Nothing changed yet; the link in the mail to the new address completes the change.
    await expect(page.getByTestId("settings-email-current").textContent()).resolves.toContain(email);
    const confirm = await waitForMail(next, "Confirm your new email");
    await page.goto(handlerLink(confirm));
    await page.getByText("Email updated").waitFor();
    await waitForMail(email, "sign-in email was changed");
    await page.getByTestId("handler-continue").click();
    await page.waitForURL(/\/settings\/email/);
    await expect(page.getByTestId("settings-email-current").textContent()).resolves.toContain(next);

    // The new address signs in; the old one no longer does.
    await page.getByTestId("account-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login/);
    await logInInUi(page, email);
    await expect(page.getByTestId("login-error").textContent()).resolves.toContain(
      "Invalid email or password",
    );
    await logInInUi(page, next);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await context.close();
  });

  it("shows plan usage with progress bars", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("usage"));
    await page.goto("/settings/plan");
    await page.getByTestId("settings-usage").waitFor();
    expect(await page.getByRole("progressbar").count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, "settings-plan");
    await context.close();
  });
});
