import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SavedApp, Tool } from "@liftoff/domain";
import { emptyTool } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { launchBrowser, newPage } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/** Where this suite's screenshots go (looked at by hand). */
const SHOTS = "/tmp/shots-data-sources";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const fixture = (name: string) =>
  readFileSync(new URL(`../packages/knowledge/src/extract/fixtures/${name}`, import.meta.url));

/**
 * Every status badge text the modal shows, as it changes: recorded in the page by a
 * MutationObserver, so a status that lasts a few milliseconds is seen too.
 */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __dsStatuses: typeof seen }).__dsStatuses = seen;
    const read = () => {
      for (const row of document.querySelectorAll('[data-testid="ds-item"]')) {
        const name = row.querySelector('[data-testid="ds-item-name"]')?.textContent?.trim() ?? "";
        const status = row.querySelector('[data-testid="ds-item-status"]')?.textContent?.trim() ?? "";
        const list = seen[name] ?? [];
        if (status && list.at(-1) !== status) list.push(status);
        seen[name] = list;
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
}
const statusesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __dsStatuses: Record<string, string[]> }).__dsStatuses);

describe("data sources (issue 17)", () => {
  let browser: Browser;
  let site: Server;
  let origin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A small local site; its pages take a moment, so Syncing... is on screen for a while.
    const pages: Record<string, string> = {
      "/": `<a href="/hours">Hours</a> <a href="/menu">Menu</a> <p>${"Harbour Café by the sea. ".repeat(30)}</p>`,
      "/hours": `<p>${"We open at seven on weekdays and at nine on Sundays. ".repeat(20)}</p>`,
      "/menu": `<p>${"Our cardamom buns are baked every morning. ".repeat(20)}</p>`,
    };
    site = createServer((request, response) => {
      const body = pages[request.url ?? ""];
      setTimeout(() => {
        response.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
        response.end(
          body
            ? `<!doctype html><html><head><title>Harbour Café</title></head><body><article>${body}</article></body></html>`
            : "",
        );
      }, 600);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser.close();
    site?.close();
  });

  it("adds text, a CSV, a PDF and a web site, shows their statuses live, and a run cites the PDF", async () => {
    const email = E2E_CODE_ADMIN_EMAILS.dataSources;
    const { context, page } = await newPage(browser);
    await signUpVerified(page, email);
    const token = await tokenOf(page);
    await setPlanAsAdmin(token, { email, plan: "explorer" });

    // A published single tool.
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "tool",
      name: "Explainer",
    });
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${created.id}/saved-app`);
    const tool: Tool = {
      ...emptyTool({ toolId: start.app.tools[0]!.toolId, path: "explain", title: "Explainer" }),
      status: "active",
      gptPrompt: "Explain [input].",
    };
    await apiCall(token, "POST", "/api/apps", {
      appId: created.id,
      appType: "tool",
      appBuilderVersion: 4,
      app: { ...start.app, tools: [tool] },
    });
    const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${created.id}/publish`);

    // The builder's Data sources panel opens the modal: empty at first.
    await page.goto(`/build/app/${created.id}`);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="dataSources"]').click();
    await page.getByTestId("data-sources-open").click();
    const modal = page.getByTestId("data-sources-modal");
    await modal.waitFor();
    await modal.getByText("No data sources yet").waitFor();
    await recordStatuses(page);

    // Text.
    await modal.getByRole("tab", { name: "Text" }).click();
    await modal.getByTestId("ds-add-text-submit").click();
    await modal.getByText("Please enter some text").waitFor();
    await modal.getByLabel("Name (optional)").fill("Opening notes");
    await modal
      .getByRole("textbox", { name: "Text" })
      .fill("Harbour Café closes early on public holidays, at two in the afternoon.");
    await modal.getByTestId("ds-add-text-submit").click();

    // A CSV and a PDF, in one upload.
    await modal.getByRole("tab", { name: "File" }).click();
    await modal.getByTestId("ds-file-input").setInputFiles([
      {
        name: "menu.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("item,price\nCardamom bun,4\nFlat white,3.5\n"),
      },
      { name: "sample.pdf", mimeType: "application/pdf", buffer: fixture("sample.pdf") },
    ]);
    await modal.getByTestId("ds-add-file-submit").click();

    // A web site.
    await modal.getByRole("tab", { name: "Web site" }).click();
    await modal.getByLabel("Web site address").fill(`${origin}/`);
    await modal.getByTestId("ds-add-web-submit").click();

    const row = (name: string) => modal.getByTestId("ds-item").filter({ hasText: name });
    for (const name of ["Opening notes", "menu.csv", "sample.pdf", "127.0.0.1"]) {
      try {
        await expect
          .poll(() => row(name).getByTestId("ds-item-status").textContent(), { timeout: 60_000 })
          .toBe("Synced");
      } catch (error) {
        // Say what the server holds (status, attempts, error details), so a failure tells a
        // slow or retried job apart from a page that missed a live update.
        const held = await apiCall<{ contextItems: unknown[] }>(
          token,
          "GET",
          `/api/context/items?appId=${created.id}`,
        ).catch((failure) => String(failure));
        throw new Error(`${name} is not Synced on the page; the server holds ${JSON.stringify(held)}`, {
          cause: error,
        });
      }
    }
    const statuses = await statusesOf(page);
    const web = Object.entries(statuses).find(([name]) => name.startsWith("127.0.0.1"))?.[1] ?? [];
    // Live: the site was seen Pending (or already Syncing...), then Syncing..., then Synced.
    expect(web.at(-1)).toBe("Synced");
    expect(web).toContain("Syncing...");
    expect(["Pending", "Syncing..."]).toContain(web[0]);
    for (const name of ["Opening notes", "menu.csv", "sample.pdf"])
      expect(statuses[name]?.at(-1)).toBe("Synced");
    await shot(page, "modal-synced-1280");

    // Test retrieval shows what a question finds, with its scores.
    await modal
      .getByLabel(/question|query|search/i)
      .first()
      .fill("orbital mechanics");
    await modal.getByTestId("ds-retrieval-submit").click();
    await expect
      .poll(() => modal.getByTestId("ds-retrieval-results").textContent(), { timeout: 10_000 })
      .toContain("sample.pdf");
    await shot(page, "modal-retrieval-1280");

    // The modal passes axe at both widths.
    const storageState = await context.storageState();
    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      const { context: sized, page: scanned } = await openContext(browser, { viewport, storageState });
      const scanner = a11yScanner({ page: scanned, viewport, violations });
      await scanned.goto(`/build/app/${created.id}`);
      await scanned.locator('[data-testid="builder-panel-entry"][data-panel="dataSources"]').click();
      await scanner.scanDialog("data-sources", async () => {
        await scanned.getByTestId("data-sources-open").click();
        await scanned.getByTestId("ds-item").first().waitFor();
      });
      await scanned.getByTestId("data-sources-open").click();
      await scanned.getByTestId("ds-item").first().waitFor();
      await shot(scanned, `modal-${viewport.label}`);
      await sized.close();
    }
    expectNoBlockingViolations(violations, "data sources");

    // An end user's run is given the PDF's passage and lists it under Sources.
    await resetFakeAi();
    await enqueueAiReplies({ text: '<block id="result">\nIt is about orbital mechanics [1].\n</block>' });
    const visitor = await openContext(browser, { viewport: VIEWPORTS[0]! });
    await visitor.page.goto(`/app/${slug}/tool/explain`);
    await visitor.page.locator("#tool-input").fill("orbital mechanics");
    await visitor.page.getByTestId("tool-submit").click();
    const sources = visitor.page.locator("[data-run-sources]");
    await sources.waitFor({ timeout: 15_000 });
    expect(await sources.textContent()).toContain("sample.pdf");
    expect(await sources.textContent()).toContain("page 2");
    await shot(visitor.page, "run-sources-1280");
    await visitor.context.close();
    await context.close();
  });
});
