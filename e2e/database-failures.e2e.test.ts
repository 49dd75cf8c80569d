import type { Browser, Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResponse, apiAs as call, tokenOf } from "./support/api.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { openDatabasePanel as openDatabase, type SeededRow, seedTasks } from "./support/database.ts";
import { signUpVerified } from "./support/flows.ts";

type Row = SeededRow;

/** Sonner's error toasts whose title is exactly `text`. */
const errorToasts = (page: Page, text: string) =>
  page
    .locator('[data-sonner-toast][data-type="error"]')
    .filter({ has: page.getByText(text, { exact: true }) });

/** The listed rows on the server (the browser's routes do not apply to these calls). */
async function serverRows(page: Page, records: string): Promise<Row[]> {
  return (await call<{ items: Row[] }>(page, "GET", `${records}?limit=100`)).items;
}

/** The reason the refused requests give; the panel shows it as it is. */
const REFUSAL = "The database is busy, try again in a moment";

/**
 * Answers the requests `fail` picks with a 503 in the server's error shape (counting them),
 * lets every other one through.
 */
function failing(fail: (request: Request) => boolean) {
  const failed: Request[] = [];
  const handler = (route: Route) => {
    const request = route.request();
    if (!fail(request)) return route.continue();
    failed.push(request);
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: REFUSAL } }),
    });
  };
  return { failed, handler };
}

describe("the Database panel when the server refuses a write", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("keeps a pending row whose create failed, and saves it once the server answers", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-create-fail"));
    const { appId, records, rows } = await seedTasks(page, ["Existing"]);
    await openDatabase(page, appId, 1);

    const recordsUrl = (url: URL) => url.pathname === records;
    const route = failing((request) => request.method() === "POST");
    await page.route(recordsUrl, route.handler);

    // A pending row, filled locally.
    await page.getByTestId("db-add-row").click();
    const pendingRow = page.locator('[data-testid="db-row"][data-pending="true"]');
    await pendingRow.waitFor();
    await pendingRow.locator('[data-field="title"]').dblclick();
    await page.getByTestId("db-cell-editor").fill("Draft task");
    await page.getByTestId("db-cell-editor").press("Enter");
    await pendingRow.locator('[data-field="score"]').dblclick();
    await page.getByTestId("db-cell-editor").fill("7");
    await page.getByTestId("db-cell-editor").press("Enter");
    await expect(pendingRow.locator('[data-field="title"]').textContent()).resolves.toBe("Draft task");
    await expect(pendingRow.locator('[data-field="score"]').textContent()).resolves.toBe("7");

    // Confirming it: the create is refused, the toast gives the server's reason once.
    await pendingRow.getByTestId("db-confirm-row").click();
    await errorToasts(page, REFUSAL).waitFor();
    expect(await errorToasts(page, REFUSAL).count()).toBe(1);
    expect(route.failed).toHaveLength(1);
    expect(route.failed[0]!.postDataJSON()).toEqual({ title: "Draft task", score: 7 });
    await screenshot(page, "database-create-failed");

    // Nothing was written on the server.
    const after = await serverRows(page, records);
    expect(after.map((row) => row.id)).toEqual([rows[0]!.id]);
    expect((await call<{ count: number }>(page, "GET", `${records}/count`)).count).toBe(1);

    // The grid keeps the pending row with what was typed, ready to be confirmed again.
    expect(await pendingRow.count()).toBe(1);
    await expect(pendingRow.locator('[data-field="title"]').textContent()).resolves.toBe("Draft task");
    await expect(pendingRow.locator('[data-field="score"]').textContent()).resolves.toBe("7");
    await expect(pendingRow.getByTestId("db-confirm-row").isEnabled()).resolves.toBe(true);
    await page.getByText("· 1 unsaved").waitFor();
    await expect(page.getByTestId("db-total").textContent()).resolves.toBe("1");
    expect(await page.locator('[data-testid="db-row"]:not([data-pending])').count()).toBe(1);

    // With the server answering again, the same confirm saves it.
    await page.unroute(recordsUrl, route.handler);
    await pendingRow.getByTestId("db-confirm-row").click();
    await pendingRow.waitFor({ state: "detached" });
    await page.getByTestId("db-total").filter({ hasText: /^2$/ }).waitFor();
    expect(await page.getByText("· 1 unsaved").count()).toBe(0);
    const saved = (await serverRows(page, records)).filter((row) => row.title === "Draft task");
    expect(saved).toHaveLength(1);
    expect(saved[0]!.score).toBe(7);
    const savedRow = page.locator(`[data-testid="db-row"][data-row-id="${saved[0]!.id}"]`);
    await expect(savedRow.locator('[data-field="title"]').textContent()).resolves.toBe("Draft task");
    expect(route.failed).toHaveLength(1);
    await context.close();
  });

  it("keeps a saved row whose delete failed, and deletes it once the server answers", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-delete-fail"));
    const { appId, records, rows } = await seedTasks(page, ["Keep me", "Delete me"]);
    const target = rows[1]!;
    await openDatabase(page, appId, 2);
    const targetRow = page.locator(`[data-testid="db-row"][data-row-id="${target.id}"]`);
    await targetRow.waitFor();

    const rowUrl = (url: URL) => url.pathname === `${records}/${target.id}`;
    const route = failing((request) => request.method() === "DELETE");
    await page.route(rowUrl, route.handler);

    // Delete, confirm: the delete is refused, the toast gives the server's reason once.
    await targetRow.getByTestId("db-delete-row").click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await errorToasts(page, REFUSAL).waitFor();
    expect(await errorToasts(page, REFUSAL).count()).toBe(1);
    expect(route.failed).toHaveLength(1);
    await page.getByTestId("confirm-dialog").waitFor({ state: "detached" });
    await screenshot(page, "database-delete-failed");

    // Nothing was removed on the server.
    expect((await call<Row>(page, "GET", `${records}/${target.id}`)).title).toBe("Delete me");
    expect((await serverRows(page, records)).map((row) => row.id).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );

    // The grid still shows the row and the count.
    await expect(targetRow.locator('[data-field="title"]').textContent()).resolves.toBe("Delete me");
    await expect(page.getByTestId("db-total").textContent()).resolves.toBe("2");
    expect(await page.locator('[data-testid="db-row"]:not([data-pending])').count()).toBe(2);

    // With the server answering again, the same delete goes through.
    await page.unroute(rowUrl, route.handler);
    await targetRow.getByTestId("db-delete-row").click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await targetRow.waitFor({ state: "detached" });
    await page.getByTestId("db-total").filter({ hasText: /^1$/ }).waitFor();
    const gone = await apiResponse(await tokenOf(page), "GET", `${records}/${target.id}`);
    expect(gone.status).toBe(404);
    expect((await serverRows(page, records)).map((row) => row.id)).toEqual([rows[0]!.id]);
    await page.locator(`[data-testid="db-row"][data-row-id="${rows[0]!.id}"]`).waitFor();
    expect(route.failed).toHaveLength(1);
    await context.close();
  });

  it("stops a bulk delete at the refused chunk, keeps the rest selected, and finishes it once the server answers", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-bulk-delete-fail"));
    const titles = Array.from({ length: 7 }, (_, i) => `Bulk ${i}`);
    const { appId, records, rows } = await seedTasks(page, titles);
    await openDatabase(page, appId, 7);

    // The first chunk (5 rows) goes through, the second is refused.
    const bulkUrl = (url: URL) => url.pathname === records && url.searchParams.has("ids");
    let chunks = 0;
    const route = failing((request) => request.method() === "DELETE" && ++chunks > 1);
    await page.route(bulkUrl, route.handler);

    await page.getByTestId("db-select-all").check();
    await page.getByTestId("db-delete-selected").filter({ hasText: "Delete 7" }).click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await errorToasts(page, REFUSAL).waitFor();
    expect(await errorToasts(page, REFUSAL).count()).toBe(1);
    expect(route.failed).toHaveLength(1);
    const refusedIds = new URL(route.failed[0]!.url()).searchParams.get("ids")!.split(",");
    expect(refusedIds).toHaveLength(2);
    await page.getByTestId("db-bulk-progress").waitFor({ state: "detached" });
    await screenshot(page, "database-bulk-delete-failed");

    // Only the confirmed chunk was removed on the server: the refused rows are still there.
    const left = await serverRows(page, records);
    expect(left.map((row) => row.id).sort()).toEqual([...refusedIds].sort());
    expect(rows.filter((row) => refusedIds.includes(row.id))).toHaveLength(2);

    // The grid shows exactly those rows, still selected, ready for another try.
    await page.getByTestId("db-total").filter({ hasText: /^2$/ }).waitFor();
    const shown = page.locator('[data-testid="db-row"]:not([data-pending])');
    await expect
      .poll(async () => (await shown.evaluateAll((els) => els.map((el) => el.dataset.rowId))).sort())
      .toEqual([...refusedIds].sort());
    expect(await page.locator('[data-testid="db-row-select"]:checked').count()).toBe(2);
    await expect(page.getByTestId("db-delete-selected").textContent()).resolves.toBe("Delete 2");

    // With the server answering again, deleting the remaining selection goes through.
    await page.unroute(bulkUrl, route.handler);
    await page.getByTestId("db-delete-selected").click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await page.getByText("2 rows deleted", { exact: true }).first().waitFor();
    await page.getByTestId("db-total").filter({ hasText: /^0$/ }).waitFor();
    expect((await call<{ count: number }>(page, "GET", `${records}/count`)).count).toBe(0);
    expect(await page.getByTestId("db-delete-selected").count()).toBe(0);
    expect(route.failed).toHaveLength(1);
    await context.close();
  });
});
