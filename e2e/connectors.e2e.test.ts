import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { launchBrowser, newPage } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS, E2E_NOTION_PAGE } from "./support/global-setup.ts";

/** Where this suite's screenshots go (looked at by hand). */
const SHOTS = "/tmp/shots-connectors";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * The notes-workspace connector in a real browser, against the fake Notion the shared
 * server is configured with (global-setup): Connect opens the provider's consent in a
 * popup, which carries the builder's session cookie through the redirect back, stores the
 * connection and closes itself; the tab then shows the workspace and its pages, and a
 * picked page is read into a data source that goes Synced and is searchable.
 */
describe("connectors (issue 17)", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("connects Notion in a popup, picks a page, and the page syncs and is found", async () => {
    const email = E2E_CODE_ADMIN_EMAILS.connectors;
    const { context, page } = await newPage(browser);
    await signUpVerified(page, email);
    const token = await tokenOf(page);
    await setPlanAsAdmin(token, { email, plan: "explorer" });
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "tool",
      name: "Handbook helper",
    });

    await page.goto(`/build/app/${created.id}`);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="dataSources"]').click();
    await page.getByTestId("data-sources-open").click();
    const modal = page.getByTestId("data-sources-modal");
    await modal.waitFor();
    // Only the configured connector has a tab (Google Drive is not configured here).
    await expect.poll(() => modal.getByTestId("ds-tab-notion").count()).toBe(1);
    expect(await modal.getByTestId("ds-tab-google_drive").count()).toBe(0);
    await modal.getByTestId("ds-tab-notion").click();

    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      modal.getByTestId("ds-connect-notion").click(),
    ]);
    // The consent is automatic: the popup goes to the provider, back to our callback, and
    // closes itself once the connection is stored. Polled rather than awaited as an event:
    // under load the popup can close before a 'close' listener is attached, and then the
    // event never comes.
    await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true);
    const panel = modal.getByTestId("ds-connector-notion");
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain("Connected to Acme Notes");

    const picker = modal.getByTestId("ds-picker-notion");
    await picker.getByText(E2E_NOTION_PAGE.title).waitFor();
    await shot(page, "picker-1280");
    await picker.getByRole("checkbox", { name: new RegExp(E2E_NOTION_PAGE.title) }).check();
    await modal.getByTestId("ds-picker-add-notion").click();

    const row = modal.getByTestId("ds-item").filter({ hasText: E2E_NOTION_PAGE.title });
    await expect
      .poll(() => row.getByTestId("ds-item-status").textContent(), { timeout: 60_000 })
      .toBe("Synced");
    await shot(page, "synced-1280");

    // The page's text is what retrieval finds.
    const found = await apiCall<{ results: { itemName: string; chunk: { text: string } }[] }>(
      token,
      "POST",
      `/api/context/search?appId=${created.id}`,
      { query: "gate code for the garage" },
    );
    expect(found.results[0]?.itemName).toBe(E2E_NOTION_PAGE.title);
    expect(found.results[0]?.chunk.text).toContain("4417");

    // The connector tab passes axe at both widths.
    const storageState = await context.storageState();
    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      const { context: sized, page: scanned } = await openContext(browser, { viewport, storageState });
      const scanner = a11yScanner({ page: scanned, viewport, violations });
      await scanned.goto(`/build/app/${created.id}`);
      await scanned.locator('[data-testid="builder-panel-entry"][data-panel="dataSources"]').click();
      await scanned.getByTestId("data-sources-open").click();
      await scanned.getByTestId("ds-tab-notion").click();
      await scanned.getByTestId("ds-picker-notion").getByText(E2E_NOTION_PAGE.title).waitFor();
      await scanner.scan("data-sources-notion");
      await shot(scanned, `picker-${viewport.label}`);
      await sized.close();
    }
    expectNoBlockingViolations(violations, "connectors");
    await context.close();
  });
});
