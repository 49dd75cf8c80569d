import { emptyCustomField, emptyTool, RUN_MESSAGES, type SavedApp, type Tool } from "@liftoff/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import { launchBrowser, newPage } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * An end user reaches a tool's daily limit in Chromium: the builder allows one run a day per
 * address; the first run answers, the second is refused before anything runs, with the
 * plain message and the time the limit resets; the refused run is never stored.
 */
describe("run limits for end users", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("refuses the run past the daily limit with the message and when it resets", async () => {
    const email = E2E_CODE_ADMIN_EMAILS.runLimits;
    const setup = await newPage(browser);
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    await setup.context.close();
    await setPlanAsAdmin(token, { email, plan: "explorer" });
    const { id: appId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "tool",
      name: "Haiku",
    });
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const tool: Tool = {
      ...emptyTool({ toolId: start.app.tools[0]!.toolId, path: "haiku", title: "Haiku" }),
      status: "active",
      gptPrompt: "A haiku about [topic].",
      fields: [{ ...emptyCustomField({ name: "topic", label: "Topic", type: "text" }), required: true }],
    };
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "tool",
      appBuilderVersion: 4,
      app: { ...start.app, tools: [tool], settings: { ...start.app.settings, dailyUserLimit: 1 } },
    });
    const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);

    await resetFakeAi();
    await enqueueAiReplies({ text: '<block id="result">\nAn old silent pond.\n</block>' });
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0]! });
    await page.goto(`/app/${slug}/tool/haiku`);
    await page.locator("#tool-field-topic").fill("a pond");
    await page.getByTestId("tool-submit").click();
    await expect.poll(() => page.getByText("An old silent pond.").count(), { timeout: 15_000 }).toBe(1);

    // The second run of the day: refused with the limit and its reset time.
    await page.locator("#tool-field-topic").fill("a frog");
    await page.getByTestId("tool-submit").click();
    const refusal = page.getByRole("alert").filter({ hasText: RUN_MESSAGES.dailyLimit(1) });
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.textContent()).toMatch(/\d{1,2}:\d{2}/);
    // The refusal does not take the first answer away: it stays, with the refusal above it.
    expect(await page.getByText("An old silent pond.").count()).toBe(1);
    await page.screenshot({ path: "/tmp/shots-run/daily-limit-1280.png", fullPage: true });

    // Counted on the server once: the refused run was never stored.
    const runs = await apiCall<{ runs: unknown[] }>(token, "GET", `/api/apps/${appId}/runs`);
    expect(runs.runs).toHaveLength(1);
    await context.close();
  });
});
