import { mkdirSync } from "node:fs";
import type { SavedApp } from "@liftoff/domain";
import { emptyTool } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiAs } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";

/** Where this suite's screenshots go (issue 16: looked at by hand). */
const SHOTS = "/tmp/shots-history";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An anonymous end user's run of a published tool, read to its end (the stream closes when done). */
async function runAnonymously(appId: string, toolId: string, input: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/live_api/apps/${appId}/tools/${toolId}/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ input }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe("run history (issue 16)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("a builder sees an anonymous success and a failure with its technical details; no serious axe violation at 1280 and 375 px", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail("run-history");
    await signUpVerified(page, email);

    // A published single tool without blocks: the model answers in one block, 'result'.
    const app = await apiAs<{ id: string }>(page, "POST", "/api/apps", { appType: "tool", name: "Greeter" });
    const doc = await apiAs<{ app: SavedApp }>(page, "GET", `/api/apps/${app.id}/saved-app`);
    const tool = {
      ...emptyTool({ toolId: doc.app.tools[0]!.toolId, path: "greeter", title: "Greeter" }),
      status: "active" as const,
      inputLabel: "Who to greet",
      gptPrompt: "Greet [input].",
    };
    await apiAs(page, "POST", "/api/apps", {
      appId: app.id,
      appType: "tool",
      appBuilderVersion: 4,
      app: { ...doc.app, tools: [tool] },
    });
    await apiAs(page, "POST", `/api/apps/${app.id}/publish`);

    // Before any run: the empty state.
    await page.goto(`/build/app/${app.id}`);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="runs"]').click();
    await page.waitForURL(/\?panel=runs$/);
    await expect(page.getByTestId("gen-panel-title").textContent()).resolves.toBe("Run history");
    await page.getByText("No runs yet. Publish your app and run a tool to see its runs here.").waitFor();

    await enqueueAiReplies({ text: '<block id="result">\nHello\n</block>' });
    expect(await runAnonymously(app.id, tool.toolId, "Ada")).toContain('"phase":"success"');
    await enqueueAiReplies({ status: 500, message: "boom" });
    expect(await runAnonymously(app.id, tool.toolId, "Grace")).toContain('"phase":"error"');

    // Refresh shows both, newest first.
    await page.getByTestId("run-history-refresh").click();
    const rows = page.getByTestId("run-row");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect(rows.nth(0).getAttribute("data-status")).resolves.toBe("error");
    await expect(rows.nth(1).getAttribute("data-status")).resolves.toBe("success");
    await expect(rows.nth(1).textContent()).resolves.toMatch(
      /Greeter.*Success.*Anonymous.*1 credit.*fake-model/,
    );
    // A failed run's credit is given back by the server.
    await expect(rows.nth(0).textContent()).resolves.toContain("1 credit refunded");
    // A few runs are far from the plan's limit: no banner.
    await expect(page.getByTestId("app-runs-banner").count()).resolves.toBe(0);
    await shot(page, "run-history-1280");

    // The success: its answer and the answer block.
    await rows.nth(1).click();
    const detail = page.getByTestId("run-detail");
    await detail.waitFor();
    await expect(detail.getByTestId("run-answers").textContent()).resolves.toBe("Who to greetAda");
    await expect(detail.locator('[data-block="result"]').textContent()).resolves.toContain("Hello");
    await expect(detail.getByText("Technical details").count()).resolves.toBe(0);
    await shot(page, "run-detail-success-1280");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // The failure, opened from the keyboard: the plain message and the technical details.
    await rows.nth(0).focus();
    await page.keyboard.press("Enter");
    await detail.waitFor();
    await detail.getByText("Technical details").waitFor();
    await expect(detail.getByTestId("run-error").textContent()).resolves.toContain(
      "The tool could not finish its answer. Please try again.",
    );
    await expect(detail.getByTestId("run-technical-details").textContent()).resolves.toMatch(/\S/);
    await shot(page, "run-detail-error-1280");
    await page.keyboard.press("Escape");

    // The same at 375 px, and an axe scan of the panel and the dialog at both widths.
    const storageState = await context.storageState();
    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      const { context: wide, page: scanned } = await openContext(browser, { viewport, storageState });
      const scanner = a11yScanner({ page: scanned, viewport, violations });
      await scanned.goto(`/build/app/${app.id}?panel=runs`);
      await scanned.getByTestId("run-row").nth(1).waitFor();
      await scanner.scan("run-history");
      await shot(scanned, `run-history-${viewport.label}-scan`);
      await scanner.scanDialog("run-detail-error", () => scanned.getByTestId("run-row").nth(0).click());
      await scanned.getByTestId("run-row").nth(0).click();
      await scanned.getByTestId("run-detail").getByText("Technical details").waitFor();
      await shot(scanned, `run-detail-error-${viewport.label}`);
      await scanned.keyboard.press("Escape");
      await scanned.getByTestId("run-row").nth(1).click();
      await scanned.getByTestId("run-detail").locator('[data-block="result"]').waitFor();
      await shot(scanned, `run-detail-success-${viewport.label}`);
      await wide.close();
    }
    expectNoBlockingViolations(violations, "run history");

    // A slow run shows as running, and the panel follows it to its end by itself (polling).
    await enqueueAiReplies({
      text: '<block id="result">\nHello there, slowly, one piece at a time.\n</block>',
      chunkSize: 6,
      chunkDelayMs: 500,
    });
    const slow = runAnonymously(app.id, tool.toolId, "Linus");
    await page.goto(`/build/app/${app.id}?panel=runs`);
    await expect.poll(() => rows.nth(0).getAttribute("data-status"), { timeout: 10_000 }).toBe("running");
    await expect(rows.count()).resolves.toBe(3);
    await shot(page, "run-history-running-1280");
    expect(await slow).toContain('"phase":"success"');
    await expect.poll(() => rows.nth(0).getAttribute("data-status"), { timeout: 15_000 }).toBe("success");

    // The Run API's keys sit under the runs: a key made here (shown once) runs the tool from
    // a program, and once revoked it is refused.
    const card = page.getByTestId("api-keys");
    await card.getByText("No API keys yet.").waitFor();
    await card.getByTestId("api-keys-create").click();
    await page.getByLabel("Name").fill("Nightly report");
    await page.getByTestId("api-key-create-submit").click();
    const secret = await page.getByTestId("api-key-secret").inputValue();
    expect(secret).toMatch(/^lft_/);
    await shot(page, "api-key-created-1280");
    await page.keyboard.press("Escape");
    await card.getByTestId("api-key").filter({ hasText: "Nightly report" }).waitFor();
    expect(await card.textContent()).not.toContain(secret);
    const runWithKey = () =>
      fetch(`${baseUrl()}/api/v1/apps/${app.id}/tools/${tool.toolId}/runs`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({ input: "Grace" }),
      });
    await enqueueAiReplies({ text: '<block id="result">\nHello, Grace.\n</block>' });
    const ran = await runWithKey();
    expect(ran.status).toBe(200);
    expect(JSON.stringify(await ran.json())).toContain("Hello, Grace.");
    await card.getByRole("button", { name: "Revoke Nightly report" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await card.getByText("Revoked").waitFor();
    expect((await runWithKey()).status).toBe(401);
    await context.close();
  });
});
