import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResponse, apiCall as call, tokenOf } from "./support/api.ts";
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";

type AuthResponse = { token: string; user: { id: string; email: string } };

/** An end user signs up to the published app through its auth API (what the login page calls). */
async function signUpEndUser(appId: string, email: string): Promise<AuthResponse> {
  const res = await fetch(`${baseUrl()}/live_api/apps/${appId}/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: E2E_PASSWORD, name: "End User" }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

async function logIn(
  appId: string,
  email: string,
): Promise<{ status: number; body: { error?: { message: string } } }> {
  const res = await fetch(`${baseUrl()}/live_api/apps/${appId}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

/**
 * Issue 13, the builder's side of end users: end users sign up to a published template app,
 * the App users panel lists them, disabling one stops their sign-in, "View as" an end user
 * shows only what that user may see, and the grid names creators by e-mail.
 */
describe("app users (builder)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("lists end users, disables one, views the app as another, and shows e-mails in the grid", async () => {
    const { page } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("appusers-builder"));
    const token = await tokenOf(page);
    const { appId } = await call<{ appId: string }>(token, "POST", "/api/templates/task-board/use");
    await call(token, "POST", `/api/apps/${appId}/publish`);
    await call(token, "POST", `/api/apps/${appId}/settings`, {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: "https://liftoff.test/terms",
        privacyPolicyLink: "https://liftoff.test/privacy",
        supportEmail: "help@liftoff.test",
      },
    });

    // Two end users sign up, and each keeps a private task (Task is read: creator).
    const ada = await signUpEndUser(appId, uniqueEmail("ada"));
    const bob = await signUpEndUser(appId, uniqueEmail("bob"));
    const tasks = `/live_api/apps/${appId}/entities/Task`;
    await call(ada.token, "POST", tasks, { title: "Ada's private task" });
    await call(bob.token, "POST", tasks, { title: "Bob's private task" });

    // The App users panel lists them, with search.
    await page.goto(`/build/app/${appId}`);
    await page.locator('[data-panel="users"] button').click();
    const rows = page.getByTestId("app-user-row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute("data-email")).toBe(bob.user.email);
    await screenshot(page, "app-users-panel-1280");
    await page.getByRole("searchbox", { name: "Search users" }).fill("ada-");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("searchbox", { name: "Search users" }).fill("");

    // Disable Bob, with confirmation: he can no longer sign in, and his token stops.
    await page.getByRole("button", { name: `Disable ${bob.user.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await page.locator(`[data-email="${bob.user.email}"]`).getByText("Disabled", { exact: true }).waitFor();
    await screenshot(page, "app-users-panel-disabled-1280");
    const refused = await logIn(appId, bob.user.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe("User is disabled, contact us for more info");
    expect((await apiResponse(bob.token, "GET", tasks)).status).toBe(401);
    expect((await logIn(appId, ada.user.email)).status).toBe(200);

    // View as Ada: the preview shows her task and not Bob's, and says whom it shows.
    await page.getByTestId("panel-done").click();
    await page.getByTestId("preview-view-as").click();
    const adaOption = page.locator(`[data-testid="view-as-user"][data-view-as="user:${ada.user.id}"]`);
    await adaOption.waitFor();
    // Disabled users are not offered.
    expect(await page.locator(`[data-view-as="user:${bob.user.id}"]`).count()).toBe(0);
    await screenshot(page, "app-users-view-as-menu-1280");
    await adaOption.click();
    await expect
      .poll(() => page.getByTestId("preview-viewing-as").textContent())
      .toContain(`Viewing as ${ada.user.email}`);
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await frame.getByText("Ada's private task").first().waitFor({ timeout: 30_000 });
    expect(await frame.getByText("Bob's private task").count()).toBe(0);
    // The template's sample tasks are the builder's: not Ada's either.
    expect(await frame.getByText("Draft the Q3 roadmap").count()).toBe(0);
    await screenshot(page, "app-users-view-as-1280");

    // As an anonymous visitor: asked to sign in.
    await page.getByTestId("preview-view-as").click();
    await page.getByTestId("view-as-anonymous").click();
    await frame.getByText("Sign in to continue").first().waitFor({ timeout: 30_000 });
    await screenshot(page, "app-users-view-as-anonymous-1280");
    await page.getByTestId("preview-view-as-reset").click();
    await frame.getByText("Draft the Q3 roadmap").first().waitFor({ timeout: 30_000 });

    // The grid names each task's creator by e-mail; the id stays in the tooltip.
    await page.locator('[data-panel="database"] button').click();
    const adaCell = page.getByTestId("user-email-cell").filter({ hasText: ada.user.email });
    await adaCell.first().waitFor();
    expect(await adaCell.first().getAttribute("title")).toBe(ada.user.id);
    await adaCell.first().scrollIntoViewIfNeeded();
    await screenshot(page, "app-users-grid-emails-1280");

    // 375 px: the panel and the preview's "View as".
    const { page: phone } = await newPage(browser, { width: 375, height: 760 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`/build/app/${appId}?panel=users`);
    await phone.getByTestId("app-user-row").first().waitFor();
    await screenshot(phone, "app-users-panel-375");
    await phone.getByRole("button", { name: `Enable ${bob.user.email}` }).click();
    await phone.getByRole("alertdialog").waitFor();
    await screenshot(phone, "app-users-confirm-375");
    await phone.getByRole("alertdialog").getByRole("button", { name: "Enable" }).click();
    await phone
      .locator(`[data-email="${bob.user.email}"]`)
      .getByText("Disabled", { exact: true })
      .waitFor({ state: "detached" });
    expect((await logIn(appId, bob.user.email)).status).toBe(200);

    // The preview at 375 px, viewing as Ada: the strip says so.
    await phone.getByRole("button", { name: "Preview" }).click();
    await phone.getByTestId("preview-view-as").click();
    await phone.locator(`[data-testid="view-as-user"][data-view-as="user:${ada.user.id}"]`).click();
    await phone.getByTestId("preview-viewing-as").waitFor();
    await phone
      .frameLocator('[data-testid="preview-frame"]')
      .getByText("Ada's private task")
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(phone, "app-users-view-as-375");
  });
});
