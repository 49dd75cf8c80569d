import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dismissToasts, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies } from "./support/fake-ai.ts";
import { logInInUi, signUpInUi, signUpVerified } from "./support/flows.ts";
import { E2E_ADMIN_EMAIL } from "./support/global-setup.ts";

describe("admin in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("assigns a plan and disables a user, who then cannot log in", async () => {
    const member = await newPage(browser);
    const memberEmail = uniqueEmail("member");
    await signUpInUi(member.page, memberEmail);

    const admin = await newPage(browser);
    await signUpVerified(admin.page, E2E_ADMIN_EMAIL);
    await admin.page.goto("/admin");
    await admin.page.getByTestId("admin-search").fill(memberEmail);
    const row = admin.page.getByTestId("admin-user-row").filter({ hasText: memberEmail });
    await row.waitFor();
    // The search is debounced: wait for the list to narrow to the one match.
    await expect.poll(() => admin.page.getByTestId("admin-user-row").count(), { timeout: 10_000 }).toBe(1);

    await row.getByTestId("admin-plan-select").selectOption("builder");
    await admin.page.getByText(/is now on Builder/).waitFor();
    // The row sits at the bottom of the viewport, under the toast.
    await dismissToasts(admin.page);
    await row.getByTestId("admin-disable-switch").click();
    await admin.page.getByTestId("confirm-dialog-confirm").click();
    await admin.page.getByTestId("confirm-dialog").waitFor({ state: "hidden" });
    await screenshot(admin.page, "admin");

    // The member's open session ends and a new login is refused with the spec's message.
    await member.context.clearCookies();
    await logInInUi(member.page, memberEmail);
    await expect(member.page.getByTestId("login-error").textContent()).resolves.toContain(
      "User is disabled, contact us for more info",
    );

    // Re-enabled, the member logs in again and sees the plan the admin assigned.
    await dismissToasts(admin.page);
    await row.getByTestId("admin-disable-switch").click();
    await admin.page.getByText(/was enabled/).waitFor();
    await logInInUi(member.page, memberEmail);
    await member.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await member.page.goto("/settings/plan");
    await expect(member.page.getByTestId("settings-plan-name").textContent()).resolves.toMatch(/builder/i);
    await member.context.close();
    await admin.context.close();
  });

  it("sets the instance's AI model from the provider's list, and goes back to the environment's", async () => {
    // The admin signed up in the test above.
    const admin = await newPage(browser);
    await logInInUi(admin.page, E2E_ADMIN_EMAIL);
    await admin.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await admin.page.goto("/admin");
    const card = admin.page.getByTestId("admin-ai-settings");
    await expect.poll(() => card.getByTestId("ai-source").textContent()).toBe("From environment");
    await card.getByTestId("ai-load-models").click();
    // The model field is a text input until the list arrives, then a select.
    await expect.poll(() => card.getByTestId("ai-load-models").textContent()).toContain("Reload models");
    // The fake provider lists its models; pick the other one.
    await card.getByTestId("ai-model").click();
    await admin.page.getByRole("option", { name: "fake-model-large" }).click();
    await card.getByTestId("ai-save").click();
    await expect.poll(() => card.getByTestId("ai-source").textContent()).toBe("Set here");
    await screenshot(admin.page, "admin-ai-settings");
    await card.getByTestId("ai-reset").click();
    await admin.page.getByTestId("confirm-dialog-confirm").click();
    await expect.poll(() => card.getByTestId("ai-source").textContent()).toBe("From environment");
    await admin.context.close();
  });

  it("finds a local model server by itself and tests it with a real round trip", async () => {
    const admin = await newPage(browser);
    await logInInUi(admin.page, E2E_ADMIN_EMAIL);
    await admin.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await admin.page.goto("/admin");
    const card = admin.page.getByTestId("admin-ai-settings");
    const found = card.getByTestId("ai-local-server");
    await found.waitFor({ timeout: 15_000 });
    expect(await found.count()).toBe(1);
    await found.getByText(/^Model server at 127\.0\.0\.1:\d+/).waitFor();
    await found.getByText("2 models").waitFor();
    await found.getByTestId("ai-local-use").click();
    await expect
      .poll(() => card.getByTestId("ai-base-url").inputValue())
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    await enqueueAiReplies({ text: "Ready to build with you." });
    await card.getByTestId("ai-test").click();
    const result = card.getByTestId("ai-test-result");
    await result.waitFor({ timeout: 15_000 });
    await result.getByText(/fake-model answered in [\d,]+ ms/).waitFor();
    await result.getByText("“Ready to build with you.”").waitFor();
    // Nothing was saved by the test.
    expect(await card.getByTestId("ai-source").textContent()).toBe("From environment");
    await screenshot(admin.page, "admin-ai-local-server");
    await admin.page.setViewportSize({ width: 375, height: 800 });
    await screenshot(admin.page, "admin-ai-local-server-375");
    await admin.context.close();
  });
});
