import type { Browser, FrameLocator, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENAME_TITLE_REPLY, TASK_APP_REPLY } from "../apps/server/src/testing/scripted-app-replies.ts";
import { apiAs as call } from "./support/api.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies, fakeAiState, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 5 ("Builder chat") end to end, in real Chromium against the production build and a
 * fake OpenAI-compatible provider scripted per step: a todo app built from one message,
 * a follow-up edit, revert, a runtime error fixed through the issue panel, a reload in the
 * middle of a reply, the provider's 429, a truncated reply and 'Let's keep going', and the
 * Database panel's permission presets asking the chat.
 */

const BOOM = "Tasks exploded on purpose";
const RENAME_PROMPT = "Rename the heading to Team tasks";

const BROKEN_PAGE_REPLY = `Here is the new page.

<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Tasks page">
export default function Tasks() {
  throw new Error("${BOOM}");
}
</liftoff-action>`;

const FIXED_PAGE_REPLY = `The page threw on purpose while rendering; I rewrote it so it renders again.

<liftoff-group title="Fix the tasks page">
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Tasks page without the error">
export default function Tasks() {
  return (
    <div className="space-y-4">
      <h1 data-testid="tasks-title" className="text-2xl font-bold">Fixed tasks</h1>
    </div>
  );
}
</liftoff-action>
</liftoff-group>`;

/** A long reply streamed slowly (10 characters every 60 ms), to reload in the middle of it. */
const SLOW_REPLY = `## About this app

${Array.from(
  { length: 12 },
  (_, i) =>
    `- Point ${i + 1}: the task list keeps every task you add, sorted by the newest first, and it saves as you type.`,
).join("\n")}

That is everything the app does today.`;

const TRUNCATED_REPLY = `Here is a detailed walk-through of the app, starting with the data model and the pages, then`;

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

type Entities = { entities: { name: string }[] };
type FilesBundle = { versionId: string | null; pages: { id: string; content: string }[] };

const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="user"]');

/** Types a message and sends it with Enter. */
async function sendMessage(page: Page, text: string): Promise<void> {
  const input = page.getByTestId("chat-input");
  await input.fill(text);
  await input.press("Enter");
}

/** Waits until the n-th assistant message (0-based) is final and returns it. */
async function replyDone(page: Page, index: number, status = "ready"): Promise<Locator> {
  const message = assistantMessages(page).nth(index);
  await expect.poll(() => message.getAttribute("data-status"), { timeout: 45_000 }).toBe(status);
  return message;
}

async function previewTitle(preview: FrameLocator, text: string): Promise<void> {
  await preview.getByTestId("tasks-title").filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

describe("builder chat (issue 5)", () => {
  let browser: Browser;
  let page: Page;
  let appId: string;
  let preview: FrameLocator;

  beforeAll(async () => {
    await resetFakeAi();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { width: 1280, height: 860 }));
    await signUpVerified(page, uniqueEmail("chat"));
    const app = await call<{ id: string }>(page, "POST", "/api/apps", { appType: "space", name: "Todo" });
    appId = app.id;
    preview = page.frameLocator('[data-testid="preview-frame"]');
  });
  afterAll(async () => {
    await browser.close();
  });

  it("builds a todo app from one message: actions in a group, files, the Task entity and the preview", async () => {
    await page.goto(`/build/app/${appId}`);
    await page.getByTestId("chat-empty").waitFor();
    expect(await page.getByTestId("chat-empty").textContent()).toContain("Start a conversation");
    expect(await page.getByTestId("chat-empty").textContent()).toContain(
      "Ask for new features or modifications to your app",
    );
    // The panels sit in the strip above the chat.
    await page.getByTestId("builder-panels").waitFor();
    await screenshot(page, "chat-01-empty");

    await enqueueAiReplies({ text: TASK_APP_REPLY });
    await sendMessage(page, "build a todo app with tasks");
    // The message shows at once, and the reply grows under it.
    await userMessages(page).first().getByText("build a todo app with tasks").waitFor();
    const reply = await replyDone(page, 0);

    const group = reply.getByTestId("chat-action-group");
    await expect.poll(() => group.getByTestId("chat-action-group-title").textContent()).toBe("Todo app");
    const actions = group.getByTestId("chat-action");
    expect(await actions.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await actions.nth(i).getAttribute("data-status")).toBe("applied");
    const files = await group.getByTestId("chat-action-file").allTextContents();
    expect(files).toEqual(["Task", "layout.jsx", "pages/Tasks.jsx", "Task"]);
    // The raw action tags never show; the prose does.
    expect(await reply.textContent()).not.toContain("<liftoff-action");
    await reply.getByText("Your todo app is ready").waitFor();
    // An action's content opens on demand.
    await actions.nth(2).getByTestId("chat-action-toggle").click();
    expect(await actions.nth(2).getByTestId("chat-action-content").textContent()).toContain(
      "export default function Tasks",
    );
    await actions.nth(2).getByTestId("chat-action-toggle").click();
    // Validation ran after the turn: the missing imports were repaired without the model.
    const checked = reply.getByTestId("chat-validation-open");
    await expect.poll(() => checked.textContent()).toMatch(/^Checked: \d+ issues? found, \d+ fixed$/);
    await checked.click();
    const dialog = page.getByTestId("validation-dialog");
    await dialog.getByText("Validation results").waitFor();
    await dialog.getByTestId("validation-detectors").waitFor();
    await screenshot(page, "chat-02-validation-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await previewTitle(preview, "My tasks");
    const bundle = await call<FilesBundle>(page, "GET", `/api/apps/${appId}/files`);
    expect(bundle.pages.map((p) => p.id)).toContain("pages/Tasks.jsx");
    const entities = await call<Entities>(page, "GET", `/api/apps/${appId}/entities`);
    expect(entities.entities.map((e) => e.name)).toEqual(["Task"]);
    expect(await page.getByTestId("chat-message-count").textContent()).toMatch(/^1 \/ \d+$/);
    await screenshot(page, "chat-03-todo-app");
    expect((await fakeAiState()).pending).toBe(0);
  });

  it("changes the page with a follow-up edit", async () => {
    await enqueueAiReplies({ text: RENAME_TITLE_REPLY });
    await sendMessage(page, RENAME_PROMPT);
    const reply = await replyDone(page, 1);
    await expect.poll(() => reply.getByTestId("chat-action").getAttribute("data-status")).toBe("applied");
    await previewTitle(preview, "Team tasks");
  });

  it("reverts to the version before a message and puts its text back in the input", async () => {
    const second = userMessages(page).nth(1);
    await second.hover();
    await second.getByTestId("chat-revert").click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.getByText("Revert to this version?").waitFor();
    expect(await confirm.textContent()).toContain("Records in your tables are not deleted by a revert");
    await screenshot(page, "chat-04-revert-dialog");
    await confirm.getByTestId("confirm-dialog-confirm").click();
    await confirm.waitFor({ state: "detached" });

    await expect.poll(() => page.getByTestId("chat-input").inputValue()).toBe(RENAME_PROMPT);
    await expect.poll(() => userMessages(page).count()).toBe(1);
    expect(await assistantMessages(page).count()).toBe(1);
    await previewTitle(preview, "My tasks");
    const bundle = await call<FilesBundle>(page, "GET", `/api/apps/${appId}/files`);
    expect(bundle.pages.find((p) => p.id === "pages/Tasks.jsx")?.content).toContain(">My tasks</h1>");
    await page.getByTestId("chat-input").fill("");
  });

  it("fixes a runtime error through 'Fix this error' and clears it from the issue panel", async () => {
    await enqueueAiReplies({ text: BROKEN_PAGE_REPLY });
    await sendMessage(page, "Rewrite the tasks page");
    await replyDone(page, 1);
    const panel = page.getByTestId("issue-panel");
    const issue = panel.getByTestId("issue-item").filter({ hasText: BOOM }).first();
    await issue.waitFor({ timeout: 30_000 });
    await screenshot(page, "chat-05-runtime-error");

    await enqueueAiReplies({ text: FIXED_PAGE_REPLY });
    await issue.getByTestId("issue-fix").click();
    // The chat sends 'Fix this error' with the error, and the reply repairs the page.
    const asked = userMessages(page).nth(2);
    await asked.waitFor();
    expect(await asked.textContent()).toContain("Fix this error");
    // Once stored, the message carries the error it asks about.
    await expect.poll(() => asked.textContent()).toContain(BOOM);
    await replyDone(page, 2);
    await previewTitle(preview, "Fixed tasks");
    await expect.poll(() => page.getByTestId("issue-item").count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, "chat-06-error-fixed");
  });

  it("resumes watching a reply being written after a reload", async () => {
    await enqueueAiReplies({ text: SLOW_REPLY, chunkSize: 10, chunkDelayMs: 60 });
    await sendMessage(page, "Write a short description of the app");
    const live = assistantMessages(page).nth(3);
    await live.getByTestId("chat-markdown").waitFor();
    expect(await live.getAttribute("data-status")).toBe("in_progress");
    // The composer waits while the reply is written.
    expect(await page.getByTestId("chat-send").isDisabled()).toBe(true);

    await page.reload();
    const resumed = assistantMessages(page).nth(3);
    await resumed.waitFor();
    expect(await resumed.getAttribute("data-status")).toBe("in_progress");
    const before = (await resumed.textContent())?.length ?? 0;
    await screenshot(page, "chat-07-resumed");
    await replyDone(page, 3);
    const after = await resumed.textContent();
    expect(after?.length ?? 0).toBeGreaterThan(before);
    expect(after).toContain("That is everything the app does today.");
    expect(after).toContain("Point 12");
  });

  it("shows the provider's 429 as 'Rate limit exceeded. Please try again later.'", async () => {
    await enqueueAiReplies({ status: 429 });
    await sendMessage(page, "Add a settings page");
    const failed = await replyDone(page, 4, "failed");
    await expect
      .poll(() => failed.getByTestId("chat-message-error-text").textContent())
      .toBe("Rate limit exceeded. Please try again later.");
    // Technical details are for platform admins only.
    expect(await failed.getByTestId("chat-error-details").count()).toBe(0);
    await failed.getByTestId("chat-retry").waitFor();
    // 'Revert' shows on a message under the pointer (always on touch screens). The pointer
    // rests on the header: over the preview's cross-origin frame the page keeps its old hover.
    await page.mouse.move(640, 30);
    const opacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity);
    const revert = userMessages(page).last().getByTestId("chat-revert");
    await expect.poll(() => opacity(revert)).toBe("0");
    await userMessages(page).last().hover();
    await expect.poll(() => opacity(revert)).toBe("1");
    await page.mouse.move(640, 30);
    await expect.poll(() => opacity(revert)).toBe("0");
    await screenshot(page, "chat-08-rate-limited");
  });

  it("offers 'Let's keep going' after a truncated reply and sends the continue prompt", async () => {
    await enqueueAiReplies({ text: TRUNCATED_REPLY, finishReason: "length" });
    await sendMessage(page, "Explain the app in detail");
    const reply = await replyDone(page, 5);
    const notice = reply.getByTestId("chat-truncated");
    await notice.getByText("The output was too long for one iteration").waitFor();
    await page.mouse.move(640, 30);
    await page.waitForTimeout(300); // the hover fade (150 ms)
    await screenshot(page, "chat-09-truncated");

    await enqueueAiReplies({ text: "the entity, its permissions and the sample records. That is all." });
    await notice.getByTestId("chat-keep-going").click();
    await userMessages(page).nth(6).getByText("Continue and repeat the last action if truncated").waitFor();
    await replyDone(page, 6);
    expect(await page.getByTestId("chat-truncated").count()).toBe(0);
  });

  it("asks the chat to change an entity's permissions from the Database panel", async () => {
    await enqueueAiReplies({
      text: "I changed who can see tasks: anyone can read them, only admins can change them.",
    });
    await page.locator('[data-panel="database"] button').click();
    await page.getByTestId("db-permissions").click();
    await page.getByTestId("db-preset-public_read_admin_write").click();
    // The panel closes and the chat shows the request.
    await page.getByTestId("chat-panel").waitFor();
    const request = userMessages(page).nth(7);
    await request.getByText('Please change the permissions for entity "Task" to').waitFor();
    await replyDone(page, 7);
  });

  it("sends an image with a message through the upload path", async () => {
    await enqueueAiReplies({ text: "Thanks for the picture." });
    await page.getByTestId("chat-attach-input").setInputFiles({
      name: "sketch.png",
      mimeType: "image/png",
      buffer: Buffer.from(ONE_PIXEL_PNG, "base64"),
    });
    const thumbs = page.getByTestId("chat-composer-attachments");
    await thumbs.getByRole("img", { name: "sketch.png" }).waitFor();
    await page.getByTestId("chat-input").fill("Make the header look like this sketch");
    // Sending waits for the upload.
    await expect.poll(() => page.getByTestId("chat-send").isEnabled()).toBe(true);
    await page.getByTestId("chat-input").press("Enter");
    const sent = userMessages(page).nth(8);
    const image = sent.getByTestId("chat-attachments").getByRole("img", { name: "sketch.png" });
    await image.waitFor();
    expect(await image.getAttribute("src")).toMatch(/\/files\/[^/]+\/sketch\.png$/);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await replyDone(page, 8);
    expect(await thumbs.count()).toBe(0);
  });

  it("fits a 375 px phone: the chat first, the preview one tap away", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId("chat-panel").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, "chat-10-mobile");
    await page.getByTestId("builder-preview-toggle").click();
    await previewTitle(preview, "Fixed tasks");
    await screenshot(page, "chat-11-mobile-preview");
    await page.getByTestId("builder-preview-toggle").click();
    await page.getByTestId("chat-input").waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("gives platform admins the usage, the version, copy, technical details and 'Test Validators'", async () => {
    const { page: admin, context } = await newPage(browser, { width: 1280, height: 860 });
    await signUpVerified(admin, E2E_CODE_ADMIN_EMAILS.chat);
    const app = await call<{ id: string }>(admin, "POST", "/api/apps", {
      appType: "space",
      name: "Admin todo",
    });
    await admin.goto(`/build/app/${app.id}`);
    await admin.getByTestId("chat-empty").waitFor();
    await enqueueAiReplies({ text: TASK_APP_REPLY });
    await sendMessage(admin, "build a todo app with tasks");
    const reply = await replyDone(admin, 0);

    const bar = reply.getByTestId("chat-admin-bar");
    await bar.getByTestId("chat-copy-message").waitFor();
    const bundle = await call<FilesBundle>(admin, "GET", `/api/apps/${app.id}/files`);
    expect(bundle.versionId).toBeTruthy();
    expect(await bar.getByTestId("chat-version-id").textContent()).toBe(bundle.versionId?.slice(0, 8));
    await bar.getByTestId("chat-message-usage").click();
    const breakdown = admin.getByTestId("chat-usage-breakdown");
    await breakdown.waitFor();
    expect(await breakdown.textContent()).toContain("/ 1M");
    await admin.keyboard.press("Escape");
    await expect.poll(() => admin.getByTestId("chat-usage-summary").textContent()).toMatch(/tokens?$/);

    await reply.getByTestId("chat-test-validators").click();
    const dialog = admin.getByTestId("validation-dialog");
    await dialog.getByText("Validation results").waitFor();
    await admin.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // A failed reply shows admins its technical details too.
    await enqueueAiReplies({ status: 429 });
    await sendMessage(admin, "Add a settings page");
    const failed = await replyDone(admin, 1, "failed");
    await failed.getByTestId("chat-error-details").waitFor();
    await admin.mouse.move(640, 30);
    await screenshot(admin, "chat-12-admin");
    await context.close();
  });
});
