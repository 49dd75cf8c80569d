import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs as call } from "./support/api.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { openDatabasePanel } from "./support/database.ts";
import { signUpVerified } from "./support/flows.ts";

type Row = Record<string, unknown> & { id: string };

/** A space app with a Task entity whose title is required, and the given rows. */
async function taskBoard(page: Parameters<typeof call>[0], titles: string[]) {
  const app = await call<{ id: string }>(page, "POST", "/api/apps", { appType: "space", name: "Task board" });
  const schemaPath = `/api/apps/${app.id}/entities/Task`;
  const records = `${schemaPath}/records`;
  await call(page, "PUT", schemaPath, {
    name: "Task",
    type: "object",
    properties: { title: { type: "string" }, score: { type: "number" }, done: { type: "boolean" } },
    required: ["title"],
  });
  for (const title of titles) await call(page, "POST", records, { title });
  return { appId: app.id, records };
}

describe("the Database panel shows the server's reasons", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("says why the server refused a new row ('title is required')", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-create-reason"));
    const { appId, records } = await taskBoard(page, ["Existing"]);
    await openDatabasePanel(page, appId, 1);

    // A pending row with a score but no title, confirmed from the keyboard.
    await page.getByTestId("db-add-row").click();
    const pendingRow = page.locator('[data-testid="db-row"][data-pending="true"]');
    await pendingRow.locator('[data-field="score"]').dblclick();
    await page.getByTestId("db-cell-editor").fill("4");
    await page.getByTestId("db-cell-editor").press("Enter");
    await pendingRow.getByTestId("db-confirm-row").focus();
    await page.keyboard.press("Enter");

    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    const reason = toast.filter({ has: page.getByText("title is required", { exact: true }) });
    await reason.waitFor();
    expect(await toast.filter({ hasText: "Failed to create row" }).count()).toBe(0);
    // The screenshots wait for the toast's entry animation to end.
    const shown = () => reason.evaluate((element) => getComputedStyle(element).opacity);
    await expect.poll(shown).toBe("1");
    await screenshot(page, "database-create-reason");
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(shown).toBe("1");
    await screenshot(page, "database-create-reason-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    // Nothing was written, and the typed row is still there to be fixed.
    expect((await call<{ count: number }>(page, "GET", `${records}/count`)).count).toBe(1);
    expect(await pendingRow.count()).toBe(1);
    await context.close();
  });

  it("lists an import's failed rows with their lines and reasons, and downloads them as CSV", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-import-errors"));
    const { appId, records } = await taskBoard(page, ["Existing"]);
    await openDatabasePanel(page, appId, 1);

    // Line 3 starts a quoted two-line title and line 6 is blank, so rows and lines differ.
    const csv = [
      "Title,Score,Done",
      "Write docs,3,yes",
      '"Plan the',
      'launch",5,Off',
      ",2,no",
      "",
      "Broken score,lots,y",
      "Too,many,fields,here",
      "Maybe done,1,maybe",
      "Celebrate,8, ON ",
    ].join("\n");
    await page.getByTestId("db-import").click();
    await page.getByTestId("db-import-file").setInputFiles({
      name: "tasks.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page.getByTestId("db-import-next").click();
    const doneMapping = page.locator('[data-testid="db-import-map"][data-header="Done"]');
    await expect.poll(() => doneMapping.inputValue(), { timeout: 15_000 }).toBe("done");
    await page.getByTestId("db-import-start").click();

    await expect(page.getByTestId("db-import-result").textContent()).resolves.toBe(
      "Import completed with 4 failed rows out of 7 total.",
    );
    const failures = page.getByTestId("db-import-failure");
    await expect(
      failures.evaluateAll((items) =>
        items.map((item) => [item.getAttribute("data-line"), item.textContent?.replace(/\s+/g, " ")]),
      ),
    ).resolves.toEqual([
      ["5", "Line 5title is required"],
      ["7", "Line 7score must be a number"],
      ["8", "Line 8Expected 3 fields but found 4"],
      ["9", "Line 9done must be true or false"],
    ]);
    await screenshot(page, "database-import-failures");

    // The download, from the keyboard: the button comes just before the list in tab order.
    await page.getByTestId("db-import-failures").focus();
    await page.keyboard.press("Shift+Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe(
      "db-import-download-failed",
    );
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe("tasks-failed-rows.csv");
    const text = await readFile(await download.path(), "utf8");
    expect(text).toBe(
      [
        "\uFEFFline,reason,Title,Score,Done",
        "5,title is required,,2,no",
        "7,score must be a number,Broken score,lots,y",
        "8,Expected 3 fields but found 4,Too,many,fields,here",
        "9,done must be true or false,Maybe done,1,maybe",
        "",
      ].join("\r\n"),
    );

    // At 375 px the result still fits: the list wraps, the buttons stay reachable.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId("db-import-download-failed").waitFor();
    const dialogWidth = await page
      .getByTestId("db-import-dialog")
      .evaluate((dialog) => dialog.getBoundingClientRect().width);
    expect(dialogWidth).toBeLessThanOrEqual(375);
    await screenshot(page, "database-import-failures-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The good rows were imported, their boolean words read as booleans.
    await page.getByTestId("db-import-close").click();
    await page.getByTestId("db-total").filter({ hasText: /^4$/ }).waitFor();
    const rows = (await call<{ items: Row[] }>(page, "GET", `${records}?limit=10`)).items;
    const done = Object.fromEntries(rows.map((row) => [row.title, row.done ?? null]));
    expect(done).toEqual({
      Existing: null,
      "Write docs": true,
      "Plan the\nlaunch": false,
      Celebrate: true,
    });
    await context.close();
  });
});
