import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { openDatabasePanel, seedTasks } from "./support/database.ts";
import { signUpVerified } from "./support/flows.ts";

const ROWS = 250;

describe("the Database panel's grid over more rows than one page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("draws rows still loading as placeholders under one progress bar, then fills them", async () => {
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("database-scroll"));
    const titles = Array.from({ length: ROWS }, (_, i) => `Task ${i}`);
    const { appId, records } = await seedTasks(page, titles, "Long list");

    // Pages after the first wait until the test lets them through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heldPages: string[] = [];
    await page.route(
      (url) => url.pathname === records && Number(url.searchParams.get("skip") ?? 0) > 0,
      async (route: Route) => {
        heldPages.push(route.request().url());
        await held;
        await route.continue();
      },
    );

    await openDatabasePanel(page, appId, ROWS);
    await page.locator('[data-testid="db-row"]').first().waitFor();
    expect(await page.getByTestId("db-grid-fetching").count()).toBe(0);

    // To the bottom: the last rows are not loaded yet.
    await page.getByTestId("db-grid-scroll").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const loading = page.getByTestId("db-row-loading");
    await loading.first().waitFor();
    await page.getByTestId("db-grid-fetching").waitFor();
    expect(await page.getByTestId("db-grid-fetching").getAttribute("aria-label")).toBe("Loading rows");
    // A placeholder is one element per row (no cells, no buttons), announced as busy.
    const placeholder = loading.last();
    expect(await placeholder.getAttribute("aria-busy")).toBe("true");
    expect(await placeholder.locator("button, input, svg").count()).toBe(0);
    expect(await placeholder.getAttribute("aria-rowindex")).toBe(String(ROWS + 1));
    expect(heldPages.length).toBeGreaterThan(0);
    // Only the rows in view (plus overscan) are in the DOM.
    const domRows = await page.locator('[data-testid="db-row"], [data-testid="db-row-loading"]').count();
    expect(domRows).toBeLessThanOrEqual(40);
    await screenshot(page, "database-grid-loading");

    release();
    const last = page.locator(`[data-testid="db-row"][aria-rowindex="${ROWS + 1}"]`);
    await last.waitFor();
    expect(await last.locator('[data-field="title"]').textContent()).toBe("Task 0");
    await expect.poll(() => loading.count()).toBe(0);
    await expect.poll(() => page.getByTestId("db-grid-fetching").count()).toBe(0);
    await context.close();
  });
});
