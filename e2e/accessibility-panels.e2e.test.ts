import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  a11yScanner,
  expectNoBlockingViolations,
  openContext,
  type SessionState,
  unnamedOverlays,
  VIEWPORTS,
} from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { baseUrl, launchBrowser, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 14, the screens e2e/accessibility.e2e.test.ts leaves out: the builder with each of its
 * panels open (code editor, Database with rows, issue panel, app details, app users, app
 * settings, preview), the dialogs while they are open, the templates gallery and every
 * settings tab, at 1280 and 375 px; plus the read-only code editor by keyboard. One builder
 * (a platform admin, so the code editor has an editable file and a read-only one) and one app.
 */
// A page with a warning (a duplicate JSX attribute): it compiles, and the issue panel opens.
const HOME_PAGE = `export default function Home() {
  return (
    <main className="p-6" className="min-h-screen p-8">
      <h1 className="text-2xl font-semibold">Reading list</h1>
    </main>
  );
}
`;

// Enough fields that the read-only entity file is taller than the editor: PageDown has
// somewhere to go.
const BOOK_FIELDS = [
  "title",
  "author",
  "isbn",
  "publisher",
  "genre",
  "language",
  "format",
  "shelf",
  "status",
  "notes",
  "coverUrl",
  "series",
];

describe("accessibility of panels, dialogs, templates and settings (WCAG 2.2 AA)", {
  timeout: 180_000,
}, () => {
  let browser: Browser;
  let signedInState: SessionState;
  let appId: string;
  // A blank app (its chat offers "start from a template") and one whose page does not
  // compile (publishing it opens "Can't publish yet"): the two dialogs they lead to.
  let emptyAppId: string;
  let brokenAppId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0] });
    await signUpVerified(page, E2E_CODE_ADMIN_EMAILS.a11yPanels);
    const token = await tokenOf(page);
    ({ id: appId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Reading list",
    }));
    await apiCall(token, "POST", `/api/apps/${appId}/files/update`, {
      file: { id: "pages/Home.jsx", content: HOME_PAGE },
    });
    await apiCall(token, "PUT", `/api/apps/${appId}/entities/Book`, {
      name: "Book",
      type: "object",
      properties: {
        ...Object.fromEntries(BOOK_FIELDS.map((field) => [field, { type: "string" }])),
        pages: { type: "number" },
        meta: { type: "object" },
      },
    });
    for (const [i, title] of ["Middlemarch", "Beloved", "Kindred"].entries())
      await apiCall(token, "POST", `/api/apps/${appId}/entities/Book/records`, {
        title,
        author: ["George Eliot", "Toni Morrison", "Octavia E. Butler"][i],
        pages: [880, 324, 264][i],
        meta: { read: i % 2 === 0 },
      });
    await apiCall(token, "POST", `/api/apps/${appId}/publish`);
    // An end user of the published app, for the App users panel (and its filled-in settings).
    await apiCall(token, "POST", `/api/apps/${appId}/settings`, {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: "https://liftoff.test/terms",
        privacyPolicyLink: "https://liftoff.test/privacy",
        supportEmail: "help@liftoff.test",
      },
    });
    const endUser = await fetch(`${baseUrl()}/live_api/apps/${appId}/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: uniqueEmail("a11y-panels-reader"),
        password: E2E_PASSWORD,
        name: "Ada Reader",
      }),
    });
    expect(endUser.status).toBe(201);
    // Three apps: past the free plan's one space app, so this admin moves to a bigger plan.
    await setPlanAsAdmin(token, { email: E2E_CODE_ADMIN_EMAILS.a11yPanels, plan: "master" });
    ({ id: emptyAppId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Empty shelf",
    }));
    ({ id: brokenAppId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Broken shelf",
    }));
    await apiCall(token, "POST", `/api/apps/${brokenAppId}/files/update`, {
      file: { id: "pages/Home.jsx", content: "export default function Home() {\n  return <div>\n}\n" },
    });
    signedInState = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("has no serious or critical axe violation in any builder panel, dialog, the templates gallery or a settings tab, at 1280 and 375 px", async () => {
    const all: AxeViolation[] = [];
    const titles = new Map<string, string>();
    let scans = 0;
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openContext(browser, { viewport, storageState: signedInState });
      const wide = viewport.width >= 1024;
      // scanDialog also fails the test on any open dialog, menu or popover without a name.
      const { scan, scanDialog, scanCount } = a11yScanner({
        page,
        viewport,
        violations: all,
      });
      /** Opens a side panel from the builder's strip (no page load), as a builder does. */
      const openPanel = async (panel: string, ready: string) => {
        await page.locator(`[data-panel="${panel}"] button`).click();
        await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
        titles.set(`builder ${panel}`, await page.title());
      };
      // Back to the strip: the panel's Done, or on a phone the header's.
      const closePanel = () => page.getByTestId(wide ? "panel-done" : "builder-done").click();

      // The builder: its preview with the issue panel (on a phone, the preview's turn).
      await page.goto(`/build/app/${appId}`);
      await page.getByTestId("builder-app-name").waitFor();
      titles.set("builder", await page.title());
      if (!wide) await page.getByTestId("builder-preview-toggle").click();
      await page.getByTestId("issue-panel").waitFor({ timeout: 30_000 });
      await scan("builder preview + issue panel");
      await screenshot(page, `a11y-panels-issue-panel-${viewport.label}`);
      // Published in beforeAll: the public link's popover.
      await scanDialog("publish link popover", () => page.getByTestId("builder-public-link").click());
      if (!wide) await page.getByTestId("builder-preview-toggle").click();

      await openPanel("details", "app-details-panel");
      await scan("builder app details");
      await closePanel();
      await openPanel("users", "app-user-row");
      await scan("builder app users");
      await scanDialog("app users disable", () =>
        page
          .getByTestId("app-user-row")
          .first()
          .getByRole("button", { name: /^Disable / })
          .click(),
      );
      await closePanel();
      await openPanel("settings", "app-settings-panel");
      await scan("builder app settings");
      // A select's list, open: a listbox, named by its trigger ("Main page"); what it hides
      // from assistive technology is inert too (the kit's SelectContent), and closing it
      // gives focus back to the trigger.
      await scanDialog("app settings main page list", () => page.getByTestId("settings-main-page").click());
      expect(
        await page.getByTestId("settings-main-page").evaluate((el) => el === document.activeElement),
      ).toBe(true);
      expect(await page.locator("[inert]").count()).toBe(0);
      await closePanel();

      await openPanel("database", "db-panel");
      await page.getByTestId("db-total").filter({ hasText: /^3$/ }).waitFor();
      await scan("builder database");
      // One way back from the Database panel at either width, named for what it closes (on a
      // phone the header's Done steps aside for the panel's own).
      expect(await page.getByRole("button", { name: /^Done\b/ }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Done with Database", exact: true }).count()).toBe(1);
      await screenshot(page, `a11y-panels-database-${viewport.label}`);
      await scanDialog("database new entity", () => page.getByTestId("db-new-entity").click());
      await scanDialog("database entity menu", () => page.getByTestId("db-entity-menu").click());
      await scanDialog("database edit schema", async () => {
        await page.getByTestId("db-entity-menu").click();
        await page.getByTestId("db-edit-schema").click();
      });
      await scanDialog("database delete entity", async () => {
        await page.getByTestId("db-entity-menu").click();
        await page.getByTestId("db-delete-entity").click();
      });
      await scanDialog("database import mapping", async () => {
        await page.getByTestId("db-import").click();
        await page.getByTestId("db-import-file").setInputFiles({
          name: "books.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("title,author,pages\nEmma,Jane Austen,474\n"),
        });
        await page.getByTestId("db-import-next").click();
        await page.getByTestId("db-import-map").first().waitFor();
      });
      await scanDialog("database JSON cell", () =>
        page.locator('[data-testid="db-row"] [data-field="meta"]').first().dblclick(),
      );
      await page.getByTestId("db-done").click();

      await page.getByTestId("builder-edit-code").click();
      await page
        .getByTestId("code-editor-text")
        .getByText("Reading list")
        .first()
        .waitFor({ timeout: 30_000 });
      titles.set("builder codeEditor", await page.title());
      await scan("builder code editor");
      await scanDialog("code editor add file", () => page.getByTestId("code-editor-add-file").click());
      // On a phone the file tree is a drawer behind the "Files" button.
      if (!wide) await page.getByRole("button", { name: "Files", exact: true }).click();
      await page.locator('[data-testid="code-editor-file"][data-file-id="entities/Book.json"]').click();
      await page.getByTestId("code-editor-text").getByText('"isbn"').first().waitFor();
      await scan("builder code editor, read-only file");
      await screenshot(page, `a11y-panels-code-editor-${viewport.label}`);

      // The apps page's dialogs (back from the builder in the app, no page load), and the plan dialog.
      await page.getByTestId("builder-back").click();
      const card = page.getByTestId("app-card").filter({ hasText: "Reading list" });
      await card.waitFor();
      await scanDialog("new app", () => page.getByTestId("apps-create").first().click());
      await scanDialog("rename app", async () => {
        await card.getByTestId("app-card-menu").click();
        await page.getByTestId("app-rename").click();
      });
      await scanDialog("delete app", async () => {
        await card.getByTestId("app-card-menu").click();
        await page.getByTestId("app-delete").click();
      });
      await page.goto("/pricing");
      await scanDialog("plan dialog", () => page.getByTestId("plan-card-builder-button").click());

      await page.goto("/templates");
      await page.getByTestId("template-card").first().waitFor();
      titles.set("templates", await page.title());
      await scan("templates gallery");

      // Every settings tab, through its side nav (phones: tabs), as a person moves between them.
      let previous = await page.title();
      await page.goto("/settings/profile");
      for (const tab of ["profile", "email", "password", "plan"]) {
        await page.getByTestId(`settings-nav-${tab}`).click();
        await page.waitForURL(`**/settings/${tab}`);
        await page.locator("main form, main [data-testid]").first().waitFor();
        // The title follows the route a render later: wait until it is no longer the last tab's.
        await expect.poll(() => page.title()).not.toBe(previous);
        previous = await page.title();
        titles.set(`settings ${tab}`, previous);
        await scan(`settings ${tab}`);
      }
      // A blank app's chat offers a template (on a phone the chat is the builder's first view).
      await page.goto(`/build/app/${emptyAppId}`);
      await page.getByTestId("builder-app-name").waitFor();
      await scanDialog("fill from template", () => page.getByTestId("chat-empty-template").click());
      // Publishing a version that does not compile is refused with its errors.
      await page.goto(`/build/app/${brokenAppId}`);
      await page.getByTestId("builder-app-name").waitFor();
      await scanDialog("can't publish yet", () => page.getByTestId("builder-publish").click());
      scans += scanCount();
      await context.close();
    }

    expectNoBlockingViolations(all, `${scans} scans of panels, dialogs and settings`);
    // A title of its own for each settings tab and each builder panel (WCAG 2.4.2).
    console.info(`page titles: ${JSON.stringify(Object.fromEntries(titles))}`);
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect([...titles.values()].every((title) => title.endsWith(" · Liftoff"))).toBe(true);
  });

  it("tells a named overlay from an unnamed one (the check every scanned dialog passes)", async () => {
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0] });
    await page.setContent(`
      <div role="dialog" aria-labelledby="t"><h2 id="t">Rename app</h2></div>
      <div role="menu" aria-labelledby="b"></div><button id="b" aria-label="App actions"></button>
      <div role="alertdialog" aria-label="  "></div>
      <div role="dialog" aria-labelledby="t gone"></div>
      <div role="listbox"><div role="option">Low</div></div>
      <div role="dialog" hidden></div>`);
    const unnamed = await unnamedOverlays(page);
    expect(unnamed.map((line) => line.split("  ")[0])).toEqual([
      'div[role="alertdialog"]',
      'div[role="dialog"]',
      'div[role="listbox"]',
    ]);
    expect(unnamed[1]).toContain('aria-labelledby="t gone"');
    await context.close();
  });

  it("reaches the read-only code editor with Tab, names it, and scrolls it with the keyboard", async () => {
    const { context, page } = await openContext(browser, {
      viewport: VIEWPORTS[0],
      storageState: signedInState,
    });
    await page.goto(`/build/app/${appId}?panel=codeEditor`);
    const entityFile = page.locator('[data-testid="code-editor-file"][data-file-id="entities/Book.json"]');
    await entityFile.click();
    const content = page.getByTestId("code-editor-text").locator(".cm-content");
    await content.getByText('"isbn"').first().waitFor();
    expect(await content.getAttribute("contenteditable")).toBe("false");
    expect(await content.getAttribute("aria-readonly")).toBe("true");
    expect(await content.getAttribute("aria-label")).toMatch(/entities\/Book\.json/);

    // From the file it opened, Tab goes on until it lands in the editor's text.
    await entityFile.focus();
    const inEditor = () =>
      page.evaluate(() => document.activeElement?.classList.contains("cm-content") ?? false);
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await inEditor();
    }
    expect(reached).toBe(true);
    // Read-only, Tab does not indent: it is the hint for leaving that the editor gives.
    const hint = page.getByTestId("code-editor-leave-hint");
    await expect.poll(() => hint.getAttribute("data-visible")).toBe("true");
    expect(await hint.textContent()).toMatch(/read-only/i);

    const scrollTop = () => content.evaluate((el) => el.closest(".cm-scroller")?.scrollTop ?? 0);
    expect(await scrollTop()).toBeLessThan(20);
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    await expect.poll(scrollTop).toBeGreaterThan(100);
    await page.keyboard.press("Control+Home");
    await expect.poll(scrollTop).toBeLessThan(20);
    // And Tab moves on out of it, without Esc first.
    await page.keyboard.press("Tab");
    expect(await inEditor()).toBe(false);
    await context.close();
  });
});
