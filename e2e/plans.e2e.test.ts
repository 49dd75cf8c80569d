import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";

describe("plans in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("toggles monthly/yearly on /pricing and shows the savings badge only for yearly", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/pricing");
    await page.getByTestId("plan-card-builder").waitFor();
    await page.getByTestId("pricing-billing-monthly").click();
    expect(await page.getByTestId("plan-savings-badge").count()).toBe(0);
    const monthlyText = await page.getByTestId("plan-card-builder").textContent();

    await page.getByTestId("pricing-billing-yearly").click();
    await page.getByTestId("plan-savings-badge").first().waitFor();
    const yearlyText = await page.getByTestId("plan-card-builder").textContent();
    expect(yearlyText).not.toEqual(monthlyText);
    expect(yearlyText).toMatch(/Save \d+%/);
    // Yearly shows the yearly price divided by 12 with two decimals.
    expect(yearlyText).toMatch(/\$\d[\d,]*\.\d{2}/);
    await screenshot(page, "pricing-yearly");
    await context.close();
  });

  it("gives the public header a menu at 375 px that reaches Templates and Pricing by keyboard", async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 760 });
    await page.goto("/pricing");
    await page.getByTestId("plan-card-builder").waitFor();
    // Everything in the header fits: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const menu = page.getByTestId("public-menu");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const nav = page.locator("#public-mobile-nav");
    await nav.getByRole("link", { name: "Templates" }).waitFor();
    await screenshot(page, "public-menu-375");
    // Escape closes it and gives focus back to the button.
    await nav.getByRole("link", { name: "Pricing" }).focus();
    await page.keyboard.press("Escape");
    expect(await nav.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "public-menu",
    );
    // A link goes there and closes the menu.
    await page.keyboard.press("Enter");
    await page.locator("#public-mobile-nav").getByRole("link", { name: "Templates" }).click();
    await page.waitForURL((url) => url.pathname === "/templates");
    expect(await page.locator("#public-mobile-nav").count()).toBe(0);
    await context.close();
  });

  it("opens the upgrade dialog when a plan limit is reached, and on ?goto=upgrade_app_plan", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("limits"));

    // Lite allows one space app: the second one is refused by the server.
    for (const name of ["First space", "Second space"]) {
      await page.goto("/apps");
      await page.getByTestId("apps-create").first().click();
      await page.getByTestId("apps-create-kind-space").click();
      await page.getByTestId("apps-create-name").fill(name);
      await page.getByTestId("apps-create-submit").click();
      if (name === "First space") await page.waitForURL(/\/build\/app\//);
    }
    const dialog = page.getByTestId("upgrade-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/space app/i);
    await screenshot(page, "upgrade-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.goto("/apps?goto=upgrade_app_plan");
    await page.getByTestId("upgrade-dialog").waitFor();
    await context.close();
  });
});
