import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser.ts";
import { E2E_SOCIAL_USER } from "./support/global-setup.ts";

/** Clicks a social button and lets the popup run the whole OAuth round trip. */
async function signInWith(page: Page, provider: "google" | "github"): Promise<void> {
  await page.goto("/login");
  const popupOpened = page.waitForEvent("popup");
  await page.getByTestId(`social-${provider}`).click();
  const popup = await popupOpened;
  await popup.waitForEvent("close", { timeout: 30_000 });
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });
}

describe("social sign-in in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("signs in through the Google popup, then GitHub reaches the same account", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/login");
    await page.getByTestId("social-google").waitFor();
    await screenshot(page, "login-social");

    await signInWith(page, "google");
    await page.goto("/settings/email");
    await expect(page.getByTestId("settings-email-current").textContent()).resolves.toContain(
      E2E_SOCIAL_USER.email,
    );

    await page.getByTestId("account-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login/);

    await signInWith(page, "github");
    await page.goto("/settings/email");
    await expect(page.getByTestId("settings-email-current").textContent()).resolves.toContain(
      E2E_SOCIAL_USER.email,
    );
    await context.close();
  });
});
