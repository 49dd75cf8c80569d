import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dismissToasts,
  launchBrowser,
  newPage,
  SCREENSHOT_DIR,
  screenshot,
  uniqueEmail,
} from "./support/browser.ts";
import { logInInUi, signUpVerified } from "./support/flows.ts";
import { E2E_PLAN_ADMIN_EMAIL } from "./support/global-setup.ts";

const PHONE = { width: 375, height: 812 };

// Issue 13: the New app dialog shows the plan's room for a kind before a name is typed, a
// full kind leads to the upgrade dialog naming that kind, and without a payment provider
// "Request this plan" reaches the admins, who grant it on /admin.
describe("plan limits and Request this plan", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("a builder sees the space-app limit, requests Explorer, and the admin grants it", async () => {
    const builderEmail = uniqueEmail("plan-request");
    const builder = await newPage(browser);
    await signUpVerified(builder.page, builderEmail);

    // Before typing a name: the room left for space apps on the free plan.
    await builder.page.goto("/apps");
    await builder.page.getByTestId("apps-create").first().click();
    const quota = builder.page.getByTestId("apps-create-quota");
    await expect.poll(() => quota.textContent()).toContain("0 of 1 space apps used");
    await screenshot(builder.page, "new-app-quota");
    await builder.page.getByTestId("apps-create-name").fill("First space");
    await builder.page.getByTestId("apps-create-submit").click();
    await builder.page.waitForURL(/\/build\/app\//);

    // Full now: the /apps meter shows the space-app limit next to the overall one.
    await builder.page.goto("/apps");
    await expect
      .poll(() => builder.page.getByTestId("apps-usage-space").textContent())
      .toContain("1 of 1 space apps used");
    await screenshot(builder.page, "apps-usage-meter");
    // The dialog says so at once and offers the upgrade dialog for space apps.
    await builder.page.getByTestId("apps-create").first().click();
    await expect.poll(() => quota.textContent()).toContain("1 of 1 space apps used");
    await builder.page.getByTestId("apps-create-quota-full").waitFor();
    await screenshot(builder.page, "new-app-quota-full");
    await builder.page.getByTestId("apps-create-quota-upgrade").click();
    const dialog = builder.page.getByTestId("upgrade-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Create more space apps");

    // Pick Explorer and request it with the keyboard alone.
    await dialog.getByTestId("plan-card-explorer-button").focus();
    await builder.page.keyboard.press("Enter");
    const requestButton = dialog.getByRole("button", { name: "Request this plan" });
    await requestButton.focus();
    await builder.page.keyboard.press("Enter");
    const pending = dialog.getByTestId("plan-request-pending");
    await pending.waitFor();
    expect(await pending.textContent()).toContain("You asked for the Explorer plan");
    await screenshot(builder.page, "plan-request-pending");
    await builder.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The request survives a reload: /pricing shows it pending for the same plan.
    await builder.page.goto("/pricing");
    await builder.page.getByTestId("plan-card-explorer-button").click();
    await builder.page.getByTestId("plan-request-dialog").getByTestId("plan-request-pending").waitFor();
    await builder.page.keyboard.press("Escape");
    // The cards and the comparison table show the space-app limit of each plan.
    expect(await builder.page.getByTestId("plan-card-explorer").textContent()).toContain("2 space apps");
    await builder.page.getByRole("rowheader", { name: "Space apps" }).waitFor();
    await screenshot(builder.page, "pricing-space-apps");

    // The admin sees it under "Plan requests" and grants it.
    const admin = await newPage(browser);
    await signUpVerified(admin.page, E2E_PLAN_ADMIN_EMAIL);
    await admin.page.goto("/admin");
    const card = admin.page.getByTestId("admin-plan-requests");
    await card.getByRole("heading", { name: "Plan requests" }).waitFor();
    const row = card.getByTestId("plan-request-row").filter({ hasText: builderEmail });
    await row.waitFor();
    expect(await row.textContent()).toContain("Explorer");
    await screenshot(admin.page, "admin-plan-requests");
    await row.getByRole("button", { name: `Grant Explorer to ${builderEmail}` }).click();
    await admin.page.getByText(`${builderEmail} is now on Explorer`).waitFor();
    await row.waitFor({ state: "detached" });
    await dismissToasts(admin.page);

    // The builder's Plan & usage shows the new plan and its larger space-app limit.
    await builder.page.goto("/settings/plan");
    await expect
      .poll(() => builder.page.getByTestId("settings-plan-name").textContent())
      .toMatch(/explorer/i);
    await screenshot(builder.page, "settings-plan-after-grant");
    await builder.page.goto("/apps");
    await builder.page.getByTestId("apps-create").first().click();
    await expect.poll(() => quota.textContent()).toContain("1 of 2 space apps used");

    await builder.context.close();
    await admin.context.close();
  });

  it("fits 375 px: the New app quota, the upgrade dialog's request and the admin card", async () => {
    const email = uniqueEmail("plan-request-phone");
    const phone = await newPage(browser, PHONE);
    await signUpVerified(phone.page, email);
    await phone.page.goto("/apps");
    await phone.page.getByTestId("apps-create").first().click();
    await phone.page.getByTestId("apps-create-quota").waitFor();
    await screenshot(phone.page, "new-app-quota-375");
    const noSideScroll = () =>
      phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    await phone.page.keyboard.press("Escape");

    await phone.page.goto("/pricing");
    await phone.page.getByTestId("plan-card-builder-button").click();
    const requestDialog = phone.page.getByTestId("plan-request-dialog");
    await requestDialog.getByRole("button", { name: "Request this plan" }).click();
    await requestDialog.getByTestId("plan-request-pending").waitFor();
    // The viewport, not the full page: the dialog is what a phone shows.
    await phone.page.screenshot({ path: `${SCREENSHOT_DIR}/plan-request-pending-375.png` });
    expect(await noSideScroll()).toBe(true);
    await phone.page.keyboard.press("Escape");

    for (const [path, name] of [
      ["/apps", "apps-usage-meter-375"],
      ["/settings/plan", "settings-plan-375"],
    ] as const) {
      await phone.page.goto(path);
      await phone.page
        .getByTestId(path === "/apps" ? "apps-usage-space" : "settings-usage-spaceApps")
        .waitFor();
      await screenshot(phone.page, name);
      expect(await noSideScroll()).toBe(true);
    }
    await phone.context.close();

    const admin = await newPage(browser, PHONE);
    // The admin signed up in the test above.
    await logInInUi(admin.page, E2E_PLAN_ADMIN_EMAIL);
    await admin.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await admin.page.goto("/admin");
    const row = admin.page.getByTestId("plan-request-row").filter({ hasText: email });
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(admin.page, "admin-plan-requests-375");
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await admin.context.close();
  });
});
