import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResponse as call, tokenOf } from "./support/api.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";
import { appLoginLink, waitForMail } from "./support/mailbox.ts";

/**
 * Issue 4 ("Space apps") end to end, in real Chromium against the production build: a
 * template becomes an app, the builder previews it at three viewports, edits its code with
 * autosave, sees a runtime error in the issue panel, publishes, and two end users sign up
 * on the app's own login page and each see only their own records.
 */

const TEMPLATE_ID = "task-board";
const APP_NAME = "Task board";
const HEADING = "My board";
const NEW_HEADING = "My launch board";
const BOOM = "Board exploded on purpose";

type AppSummary = { id: string; slug: string; status: string };
type FilesBundle = { versionId: string | null; pages: { id: string; content: string }[] };

function appIdOf(page: Page): string {
  const match = new URL(page.url()).pathname.match(/^\/build\/app\/([^/]+)$/);
  if (!match?.[1]) throw new Error(`not on a builder page: ${page.url()}`);
  return match[1];
}

/** Records every value the code editor's save status takes (it can pass quickly). */
async function recordSaveStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const element = document.querySelector('[data-testid="code-editor-save-status"]');
    if (!element) throw new Error("no save status");
    const seen: (string | null)[] = [element.getAttribute("data-status")];
    (window as unknown as { __saveStatuses: (string | null)[] }).__saveStatuses = seen;
    new MutationObserver(() => {
      const status = element.getAttribute("data-status");
      if (seen.at(-1) !== status) seen.push(status);
    }).observe(element, { attributes: true, attributeFilter: ["data-status"] });
  });
}

function saveStatuses(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() => (window as unknown as { __saveStatuses: (string | null)[] }).__saveStatuses);
}

/**
 * Replaces the open file's text the way a person pasting would (select all, insert), then
 * waits for the autosave to run its course: idle → saving → saved → idle.
 */
async function replaceCode(page: Page, content: string): Promise<void> {
  await recordSaveStatuses(page);
  const editor = page.getByTestId("code-editor-text").locator(".cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(content);
  await expect
    .poll(() => saveStatuses(page), { timeout: 20_000 })
    .toEqual(["idle", "saving", "saved", "idle"]);
}

/** The size the preview frame has in CSS pixels, as the app inside it sees it, and on screen. */
async function previewSize(page: Page, preview: FrameLocator) {
  const frame = page.getByTestId("preview-frame");
  const box = await frame.boundingBox();
  if (!box) throw new Error("preview frame not visible");
  const inner = await preview
    .locator("html")
    .evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const scale = Number(await page.getByTestId("preview-viewport-box").getAttribute("data-scale"));
  return { inner, box, scale };
}

/** An anonymous visitor signs up on the app's own login page and comes back signed in. */
async function signUpEndUser(
  browser: Browser,
  app: AppSummary,
  email: string,
  name: string,
): Promise<{ page: Page; frame: FrameLocator }> {
  const { page } = await newPage(browser);
  await page.goto(`/app/${app.slug}`);
  const frame = page.frameLocator('[data-testid="app-frame"]');
  await frame.getByText("Your board is waiting").waitFor({ timeout: 30_000 });
  await frame.getByRole("button", { name: "Sign in to continue" }).click();
  await page.waitForURL((url) => url.pathname === `/apps/${app.id}/login`);
  await expect.poll(() => page.getByTestId("app-login-name").textContent()).toBe(APP_NAME);
  // The visitor sees where they are signing in: the app's own address.
  expect(await page.getByTestId("app-login-address").textContent()).toBe(
    `${new URL(page.url()).host}/app/${app.slug}`,
  );
  await page.getByTestId("app-tab-signup").click();
  await page.getByTestId("app-signup-name").fill(name);
  await page.getByTestId("app-signup-email").fill(email);
  await page.getByTestId("app-signup-password").fill(E2E_PASSWORD);
  await page.getByTestId("app-signup-submit").click();
  await page.waitForURL((url) => url.pathname === `/app/${app.slug}`);

  // The address is confirmed from the dev mailbox, on the app's login page.
  const mail = await waitForMail(email, `Verify your email for ${APP_NAME}`);
  await page.goto(appLoginLink(mail.text));
  await expect.poll(() => page.getByTestId("app-verify-result").textContent()).toContain("You're signed in");
  await page.goto(`/app/${app.slug}`);
  // The published version carries the builder's edit, and this user's own (empty) board.
  await frame.getByRole("heading", { name: NEW_HEADING }).waitFor({ timeout: 30_000 });
  return { page, frame };
}

describe("space app flow (issue 4)", () => {
  let browser: Browser;
  let builder: Page;
  let app: AppSummary;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Wide enough that the code editor and the preview sit side by side.
    ({ page: builder } = await newPage(browser, { width: 1440, height: 900 }));
  });
  afterAll(async () => {
    await browser.close();
  });

  it("copies a template, previews it at three viewports, edits code with autosave, shows a runtime error and publishes", async () => {
    // 1. A builder (a platform admin, so the code is editable) copies a template.
    await signUpVerified(builder, E2E_CODE_ADMIN_EMAILS.spaceAppFlow);
    const token = await tokenOf(builder);
    await builder.goto("/templates");
    const card = builder.locator(`[data-testid="template-card"][data-template-id="${TEMPLATE_ID}"]`);
    await card.waitFor();
    await screenshot(builder, "flow-01-templates");
    await card.getByTestId("template-use").click();
    await builder.waitForURL(/\/build\/app\/[^/?]+$/);
    const appId = appIdOf(builder);
    const summary = await call<AppSummary>(token, "GET", `/api/apps/${appId}`);
    expect(summary.status).toBe(200);
    app = summary.body;
    expect(app.status).toBe("draft");
    await expect.poll(() => builder.getByTestId("builder-app-name").textContent()).toBe(APP_NAME);

    // 2. The draft renders in the preview; desktop fills the pane, tablet and mobile keep their size.
    const preview = builder.frameLocator('[data-testid="preview-frame"]');
    await preview.getByRole("heading", { name: HEADING }).waitFor({ timeout: 30_000 });
    // The seeded tasks belong to the owner, who previews as an app admin.
    await preview.getByText("Draft the Q3 roadmap").waitFor();
    const viewports = builder.getByRole("radiogroup", { name: "Preview viewport" });

    const desktop = await previewSize(builder, preview);
    const area = await builder.getByTestId("preview-viewport-box").boundingBox();
    expect(desktop.scale).toBe(1);
    expect(area).not.toBeNull();
    expect(Math.round(desktop.box.width)).toBe(Math.round(area?.width ?? 0));
    expect(Math.round(desktop.box.height)).toBe(Math.round(area?.height ?? 0));
    expect(desktop.inner.width).toBeGreaterThan(768);
    await screenshot(builder, "flow-02-preview-desktop");

    for (const [label, width, height] of [
      ["Tablet", 768, 1024],
      ["Mobile", 375, 667],
    ] as const) {
      await viewports.getByRole("radio", { name: label }).click();
      await expect
        .poll(() => builder.getByTestId("preview-viewport-box").getAttribute("data-viewport"))
        .toBe(label.toLowerCase());
      await expect.poll(async () => (await previewSize(builder, preview)).inner).toEqual({ width, height });
      const { box, scale } = await previewSize(builder, preview);
      expect(scale).toBeGreaterThan(0);
      expect(scale).toBeLessThanOrEqual(1);
      // Scaled down as a whole to fit the pane, never stretched.
      expect(Math.abs(box.width - width * scale)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.height - height * scale)).toBeLessThanOrEqual(1);
      await preview.getByRole("heading", { name: HEADING }).waitFor();
      await screenshot(builder, `flow-03-preview-${label.toLowerCase()}`);
    }
    await viewports.getByRole("radio", { name: "Desktop" }).click();
    await expect.poll(async () => (await previewSize(builder, preview)).scale).toBe(1);

    // 3. The code editor: open the page, change a visible text, autosave, and the preview follows.
    await builder.getByTestId("builder-edit-code").click();
    await builder.getByTestId("code-editor").waitFor();
    await builder.locator('[data-testid="code-editor-file"][data-file-id="pages/Board.jsx"]').click();
    await expect
      .poll(() => builder.getByTestId("code-editor-current-file").textContent())
      .toBe("pages/Board.jsx");
    await builder.getByTestId("code-editor-text").getByText("DragDropContext").first().waitFor();
    const files = await call<FilesBundle>(token, "GET", `/api/apps/${app.id}/files`);
    const original = files.body.pages.find((page) => page.id === "pages/Board.jsx")?.content ?? "";
    expect(original).toContain(`>${HEADING}</h2>`);
    const edited = original.replace(`>${HEADING}</h2>`, `>${NEW_HEADING}</h2>`);
    await replaceCode(builder, edited);
    await preview.getByRole("heading", { name: NEW_HEADING }).waitFor({ timeout: 30_000 });
    await screenshot(builder, "flow-04-code-edited");
    const saved = await call<FilesBundle>(token, "GET", `/api/apps/${app.id}/files`);
    expect(saved.body.pages.find((page) => page.id === "pages/Board.jsx")?.content).toBe(edited);

    // 4. A component that throws while rendering: the issue panel opens with the error.
    const broken = edited
      .replace(
        "export default function Board() {",
        `function Exploding() {\n  throw new Error("${BOOM}");\n}\n\nexport default function Board() {`,
      )
      .replace(`>${NEW_HEADING}</h2>`, `>${NEW_HEADING}</h2>\n          <Exploding />`);
    expect(broken).toContain("<Exploding />");
    await replaceCode(builder, broken);
    const panel = builder.getByTestId("issue-panel");
    await panel.waitFor({ timeout: 30_000 });
    await panel.getByTestId("issue-item").filter({ hasText: BOOM }).first().waitFor();
    const panelBox = await panel.boundingBox();
    const paneBox = await builder.getByTestId("preview-pane").boundingBox();
    // Floating at the bottom right of the preview.
    expect(panelBox && paneBox).toBeTruthy();
    if (panelBox && paneBox) {
      expect(paneBox.x + paneBox.width - (panelBox.x + panelBox.width)).toBeLessThan(40);
      expect(paneBox.y + paneBox.height - (panelBox.y + panelBox.height)).toBeLessThan(40);
    }
    await screenshot(builder, "flow-05-issue-panel");
    // Suppressing the (only) error collapses the panel.
    const items = panel.getByTestId("issue-item");
    while ((await items.count()) > 0) await items.first().getByTestId("issue-suppress").click();
    await panel.waitFor({ state: "hidden" });
    expect(await builder.getByTestId("issue-panel-toggle").count()).toBe(0);
    await screenshot(builder, "flow-06-issue-suppressed");
    // And the code is fixed back.
    await replaceCode(builder, edited);
    await preview.getByRole("heading", { name: NEW_HEADING }).waitFor({ timeout: 30_000 });
    expect(await builder.getByTestId("issue-panel").count()).toBe(0);

    // 5. Publish from the header; an anonymous visitor opens /app/{slug} and sees the app.
    await builder.getByTestId("builder-publish").click();
    await expect
      .poll(() => builder.getByTestId("builder-app-state").getAttribute("data-state"), { timeout: 30_000 })
      .toBe("published");
    await screenshot(builder, "flow-07-published");
    const published = await call<AppSummary>(token, "GET", `/api/apps/${app.id}`);
    expect(published.body.status).toBe("published");

    const { page: visitor, context } = await newPage(browser);
    await visitor.goto(`/app/${app.slug}`);
    const visitorFrame = visitor.frameLocator('[data-testid="app-frame"]');
    await visitorFrame.getByText("Your board is waiting").waitFor({ timeout: 30_000 });
    expect(await visitor.title()).toBe(APP_NAME);
    // Nobody signed in: none of the owner's private tasks.
    expect(await visitorFrame.getByText("Draft the Q3 roadmap").count()).toBe(0);
    await screenshot(visitor, "flow-08-published-anonymous");
    await context.close();
  }, 300_000);

  it("keeps each end user's records private: a second user does not see the first one's task", async () => {
    expect(app, "the first test made the app").toBeTruthy();
    // The builder checks the data rules: Task is creator/creator, and sign-up is on.
    await builder.goto(`/build/app/${app.id}?panel=database`);
    await builder.locator('[data-testid="db-entity-item"][data-entity="Task"]').first().waitFor();
    await expect.poll(() => builder.getByTestId("db-permissions").textContent()).toContain("Creator Only");
    await screenshot(builder, "flow-09-database");
    await builder.goto(`/build/app/${app.id}?panel=settings`);
    const signup = builder.getByTestId("settings-signup");
    await signup.waitFor();
    expect(await signup.getAttribute("data-state")).toBe("checked");
    // The template brings no placeholder legal links: they are the builder's, required while
    // sign-up is on, so the empty fields are flagged.
    const support = builder.getByTestId("settings-supportEmail");
    expect(await support.inputValue()).toBe("");
    expect(await support.getAttribute("aria-invalid")).toBe("true");
    await builder
      .frameLocator('[data-testid="preview-frame"]')
      .getByText("Draft the Q3 roadmap")
      .waitFor({ timeout: 30_000 });
    await screenshot(builder, "flow-10-app-settings");

    // The first end user signs up, verifies and creates a task through the app's own UI.
    const first = await signUpEndUser(browser, app, uniqueEmail("task-ada"), "Ada Member");
    await first.frame.getByText("No tasks yet").waitFor();
    expect(await first.frame.getByText("Draft the Q3 roadmap").count()).toBe(0);
    await first.frame.getByRole("button", { name: "Create a task" }).click();
    await first.frame.getByLabel("Title").fill("Ada's private task");
    await screenshot(first.page, "flow-11-end-user-new-task");
    await first.frame.getByRole("button", { name: "Create task" }).click();
    await first.frame.getByText("Ada's private task").waitFor();
    await first.frame.getByText("1 open · 0 done").waitFor();
    await first.frame.getByRole("dialog").waitFor({ state: "hidden" });
    await screenshot(first.page, "flow-12-end-user-task-created");
    // It is stored, not only shown: a reload brings it back.
    await first.page.reload();
    await first.frame.getByText("Ada's private task").waitFor({ timeout: 30_000 });

    // A second end user, in a fresh browser context, sees an empty board.
    const second = await signUpEndUser(browser, app, uniqueEmail("task-bob"), "Bob Member");
    await second.frame.getByText("No tasks yet").waitFor();
    expect(await second.frame.getByText("Ada's private task").count()).toBe(0);
    await screenshot(second.page, "flow-13-second-user-empty");
  }, 240_000);

  it("opens a copy from ?duplicateTemplate=, and a builder who is not an admin reads the code only", async () => {
    const { page } = await newPage(browser, { width: 1440, height: 900 });
    await signUpVerified(page, uniqueEmail("crm-builder"));
    const token = await tokenOf(page);
    await page.goto("/templates?duplicateTemplate=small-crm");
    await page.waitForURL(/\/build\/app\/[^/?]+$/);
    const appId = appIdOf(page);
    const copy = await call<AppSummary & { name: string }>(token, "GET", `/api/apps/${appId}`);
    expect(copy.body.name).toBe("Small CRM");
    const preview = page.frameLocator('[data-testid="preview-frame"]');
    await preview.locator("h1, h2").first().waitFor({ timeout: 30_000 });

    // No edit-code button: "View code" opens the editor read-only, without add or delete.
    await page.getByTestId("builder-view-code").waitFor();
    expect(await page.getByTestId("builder-edit-code").count()).toBe(0);
    await screenshot(page, "flow-14-not-admin-builder");
    await page.getByTestId("builder-view-code").click();
    await page.getByTestId("code-editor").waitFor();
    await page.getByTestId("code-editor-tree").waitFor();
    expect(await page.getByTestId("code-editor-file").count()).toBeGreaterThan(3);
    await expect
      .poll(() => page.getByTestId("code-editor-current-file").textContent())
      .toContain("Read-only");
    expect(await page.getByTestId("code-editor-add-file").count()).toBe(0);
    expect(await page.getByTestId("code-editor-delete-file").count()).toBe(0);
    const content = page.getByTestId("code-editor-text").locator(".cm-content");
    expect(await content.getAttribute("contenteditable")).toBe("false");
    await screenshot(page, "flow-15-read-only-code");

    // The server refuses the write as well.
    const files = await call<FilesBundle>(token, "GET", `/api/apps/${appId}/files`);
    const refused = await call<{ error: { code: string } }>(
      token,
      "POST",
      `/api/apps/${appId}/files/update`,
      {
        file: { id: "pages/Hacked.jsx", content: "export default function Hacked() { return null; }\n" },
        baseVersionId: files.body.versionId,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
  }, 120_000);
});
