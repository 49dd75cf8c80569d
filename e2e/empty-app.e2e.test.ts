import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { type PlatformServer, startPlatformServer } from "./support/start-platform-server.ts";

/**
 * Issue 13, "first run without dead ends", on a fresh install WITHOUT any AI model (its own
 * server: the shared one has a model): a blank space app gets a starter page, which the
 * preview shows and Publish puts online at once; the chat's empty state offers what the
 * builder can do instead of disabled prompts; "Use a template" fills this app instead of
 * creating a second one (a free plan allows one space app); a permission preset applies
 * directly and the CSV import maps columns by name without a failure warning.
 */

const APP_NAME = "Harbor Cafe";

type Json = Record<string, unknown>;

async function post(server: PlatformServer, path: string, body: Json, token?: string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json | null };
}

async function get<T>(server: PlatformServer, path: string, token: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Signs up through the API and confirms the address from the dev mailbox, where every
 * signed-in user reads their own mail (nobody on this server is on ADMIN_EMAILS).
 */
async function signUpVerifiedApi(server: PlatformServer, email: string): Promise<string> {
  const signUp = await post(server, "/api/session/signup", { email, password: E2E_PASSWORD, name: "Sam" });
  if (signUp.status !== 201)
    throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const token = String(signUp.body?.token);
  const { mails } = await get<{ mails: { to?: string; text: string }[] }>(server, "/api/dev/mailbox", token);
  const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/auth\/handler\S*/)?.[0]).find(Boolean);
  if (!link) throw new Error(`no verification mail for ${email}`);
  const verified = await post(server, "/api/account/verifyEmail", {
    oobCode: new URL(link).searchParams.get("oobCode"),
  });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
  return token;
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(E2E_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto("/apps");
  await page.getByTestId("apps-create").first().waitFor();
}

describe("an empty space app without AI (issue 13)", () => {
  let server: PlatformServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startPlatformServer();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("starter page in preview, published at once; 'Use a template' fills the same app", async () => {
    // The operator's first account becomes the instance's admin; the builder is an ordinary user.
    const operator = await signUpVerifiedApi(server, uniqueEmail("empty-operator"));
    const email = uniqueEmail("empty-builder");
    const token = await signUpVerifiedApi(server, email);

    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: server.baseUrl,
    });
    const page = await context.newPage();
    await logIn(page, email);

    // A blank space app from the New app dialog.
    await page.getByTestId("apps-create").first().click();
    await page.getByTestId("apps-create-kind-space").click();
    await page.getByTestId("apps-create-name").fill(APP_NAME);
    await page.getByTestId("apps-create-submit").click();
    await page.waitForURL(/\/build\/app\/[\w-]+$/);
    const appId = new URL(page.url()).pathname.split("/")[3] as string;

    // The preview shows the starter page: the app's name as the page's one h1.
    const preview = page.frameLocator('[data-testid="preview-frame"]');
    await preview.getByRole("heading", { level: 1, name: APP_NAME }).waitFor({ timeout: 30_000 });
    expect(await preview.getByRole("heading", { level: 1 }).count()).toBe(1);

    // No model: the chat leads with what this builder can do, and shows no prompt buttons.
    const empty = page.getByTestId("chat-empty");
    await expect.poll(() => empty.getAttribute("data-mode")).toBe("no-ai");
    expect(await page.getByTestId("chat-example").count()).toBe(0);
    await page.getByTestId("chat-shortcut-template").waitFor();
    await page.getByTestId("chat-shortcut-database").waitFor();
    // Editing code is for platform admins; this builder is not one, so it is not offered.
    expect(await page.getByTestId("chat-shortcut-code").count()).toBe(0);
    await expect(page.getByTestId("chat-setup-message").textContent()).resolves.toBe(
      "Ask your administrator to set up an AI model.",
    );
    await screenshot(page, "empty-app-01-starter-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    // An empty chat reads from its top: the heading is in view, not scrolled past.
    await expect
      .poll(() => page.getByTestId("chat-messages").evaluate((element) => element.scrollTop))
      .toBe(0);
    await screenshot(page, "empty-app-02-chat-375");
    // The template picker at phone width, opened and closed by keyboard.
    await page.getByTestId("chat-shortcut-template").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("fill-template-dialog").locator('[data-template-id="task-board"]').waitFor();
    await screenshot(page, "empty-app-02b-templates-375");
    await page.keyboard.press("Escape");
    await page.getByTestId("fill-template-dialog").waitFor({ state: "detached" });
    await page.getByTestId("builder-preview-toggle").click();
    await preview.getByRole("heading", { level: 1, name: APP_NAME }).waitFor({ timeout: 30_000 });
    await screenshot(page, "empty-app-03-preview-375");
    await page.getByTestId("builder-preview-toggle").click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Publish works at once, and the public URL shows the starter page.
    await page.getByTestId("builder-publish").click();
    await expect
      .poll(() => page.getByTestId("builder-app-state").getAttribute("data-state"), { timeout: 30_000 })
      .toBe("published");
    const summary = await get<{ slug: string; status: string }>(server, `/api/apps/${appId}`, token);
    const visitor = await browser.newContext({
      viewport: { width: 375, height: 740 },
      baseURL: server.baseUrl,
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/app/${summary.slug}`);
    const live = visitorPage.frameLocator('[data-testid="app-frame"]');
    await live.getByRole("heading", { level: 1, name: APP_NAME }).waitFor({ timeout: 30_000 });
    await screenshot(visitorPage, "empty-app-04-published-375");
    await visitorPage.setViewportSize({ width: 1280, height: 800 });
    await screenshot(visitorPage, "empty-app-05-published-1280");
    await visitor.close();

    // An app whose pages are all gone (the operator, a platform admin, deleted the starter's):
    // the preview's empty state offers only what this builder can do, the template first.
    const removed = await post(
      server,
      `/api/apps/${appId}/files/delete`,
      { fileId: "pages/Home.jsx" },
      operator,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await page.reload();
    const noPages = page.getByTestId("preview-empty");
    await noPages.waitFor({ timeout: 30_000 });
    // The hint assumes a model until the chat's status arrives (it names the chat meanwhile);
    // on a loaded machine that answer can come after the empty state shows.
    await expect
      .poll(() => noPages.textContent(), { timeout: 15_000 })
      .toContain("Start from a template with pages, data and sign-up ready.");
    expect(await noPages.getByRole("button", { name: "Open code editor" }).count()).toBe(0);
    await noPages.getByRole("button", { name: "Use a template" }).waitFor();
    // The compile error is listed, without 'Resolve with AI' / 'Fix this error' buttons.
    await page.getByTestId("issue-panel").getByText("The app has no pages").waitFor();
    expect(await page.getByTestId("issue-resolve-all").count()).toBe(0);
    expect(await page.getByTestId("issue-fix").count()).toBe(0);
    await screenshot(page, "empty-app-05b-no-pages-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByTestId("builder-preview-toggle").click();
    await noPages.waitFor();
    await screenshot(page, "empty-app-05c-no-pages-375");
    await page.getByTestId("builder-preview-toggle").click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Database panel's empty state points at what works without a chat.
    await page.getByTestId("chat-shortcut-database").click();
    await page.getByText("No entities yet, create one with New entity").waitFor();
    await screenshot(page, "empty-app-05d-database-empty-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, "empty-app-05e-database-empty-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("db-done").click();

    // "Use a template" from the chat's empty state fills THIS app, by keyboard.
    await page.getByTestId("chat-shortcut-template").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("fill-template-dialog");
    await dialog.waitFor();
    await dialog.locator('[data-template-id="task-board"]').waitFor();
    await screenshot(page, "empty-app-06-templates-1280");
    await dialog.getByRole("button", { name: "Use Task board in this app" }).click();
    await dialog.waitFor({ state: "detached", timeout: 60_000 });
    await preview
      .getByText(/My board|Your board is waiting/)
      .first()
      .waitFor({ timeout: 30_000 });
    const apps = await get<{ apps: { id: string; name: string }[] }>(server, "/api/apps", token);
    expect(apps.apps.map((a) => [a.id, a.name])).toEqual([[appId, APP_NAME]]);
    // Now the app has code of its own: the template shortcut is gone.
    await page.getByTestId("chat-shortcut-database").waitFor();
    await expect.poll(() => page.getByTestId("chat-shortcut-template").count()).toBe(0);
    await screenshot(page, "empty-app-07-filled-1280");

    // Database without AI: a preset applies directly, and the CSV import maps by name, no warning.
    await page.getByTestId("chat-shortcut-database").click();
    await page.getByTestId("db-permissions").click();
    await page.getByTestId("db-preset-public_read_creator_write").click();
    await page.getByTestId("db-permissions").filter({ hasText: "Public Read/Creator Write" }).waitFor();
    expect(await page.getByTestId("db-preset-apply-public_read_admin_write").count()).toBe(0);
    await page.getByTestId("db-import").click();
    await page.getByTestId("db-import-file").setInputFiles({
      name: "tasks.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Title,Priority\nBake bread,high\nOpen the doors,low\n"),
    });
    await page.getByTestId("db-import-next").click();
    await expect(
      page.locator('[data-testid="db-import-map"][data-header="Title"]').inputValue(),
    ).resolves.toBe("title");
    expect(await page.getByTestId("db-import-fallback").count()).toBe(0);
    await screenshot(page, "empty-app-08-import-mapping-1280");
    await page.getByTestId("db-import-start").click();
    await expect(page.getByTestId("db-import-result").textContent()).resolves.toBe(
      "Successfully imported all 2 rows.",
    );
    await context.close();
  });

  it("with a model, the empty chat keeps its prompts and offers the template as the way besides", async () => {
    // The shared server has a (fake) model.
    const { page, context } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("empty-with-ai"));
    await page.getByTestId("apps-create").first().click();
    await page.getByTestId("apps-create-kind-space").click();
    await page.getByTestId("apps-create-name").fill("Corner Shop");
    await page.getByTestId("apps-create-submit").click();
    await page.waitForURL(/\/build\/app\/[\w-]+$/);
    const preview = page.frameLocator('[data-testid="preview-frame"]');
    await preview.getByRole("heading", { level: 1, name: "Corner Shop" }).waitFor({ timeout: 30_000 });
    const empty = page.getByTestId("chat-empty");
    await expect(empty.textContent()).resolves.toContain("Start a conversation");
    expect(await page.getByTestId("chat-example").count()).toBe(4);
    expect(await page.getByTestId("chat-setup").count()).toBe(0);
    await screenshot(page, "empty-app-09-with-ai-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, "empty-app-10-with-ai-375");
    await page.getByTestId("chat-empty-template").click();
    await page.getByTestId("fill-template-dialog").waitFor();
    await page.keyboard.press("Escape");
    await context.close();
  });
});
