import type { Page } from "playwright-core";
import { apiAs as call } from "./api.ts";

export type SeededRow = Record<string, unknown> & { id: string };

/**
 * A space app with a Task entity (title, score) and one row per title, through the API,
 * created one at a time so createdAt (the grid's sort, newest first) follows the titles.
 */
export async function seedTasks(page: Page, titles: string[], appName = "Task board") {
  const app = await call<{ id: string }>(page, "POST", "/api/apps", { appType: "space", name: appName });
  const schemaPath = `/api/apps/${app.id}/entities/Task`;
  const records = `${schemaPath}/records`;
  await call(page, "PUT", schemaPath, {
    name: "Task",
    type: "object",
    properties: { title: { type: "string" }, score: { type: "number" } },
  });
  const rows: SeededRow[] = [];
  for (const [i, title] of titles.entries())
    rows.push(await call<SeededRow>(page, "POST", records, { title, score: i }));
  return { appId: app.id, records, rows };
}

/** The builder's Database panel of `appId`, once the grid shows `total` rows. */
export async function openDatabasePanel(page: Page, appId: string, total: number) {
  await page.goto(`/build/app/${appId}`);
  await page.locator('[data-panel="database"] button').click();
  await page
    .getByTestId("db-total")
    .filter({ hasText: new RegExp(`^${total.toLocaleString("en-US")}$`) })
    .waitFor();
}
