import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs as call } from "./support/api.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { E2E_PASSWORD, signUpVerified } from "./support/flows.ts";
import { focusedFrame, focusIndicator } from "./support/focus-indicator.ts";
import { appLoginLink, waitForMail } from "./support/mailbox.ts";

/**
 * Issue 14's keyboard proof: a builder signs in, creates a space app, builds it from one
 * chat message, adds and saves a row in the Database panel's grid, publishes, and an end
 * user signs up on the published app, all with the keyboard only (Tab, Shift+Tab, arrows,
 * Enter, Space, Escape and typing; no clicks). Every focus stop on the way has a visible
 * focus indicator of at least 3:1 (WCAG 2.4.7, 1.4.11). Addresses are opened with goto,
 * as a person types them or follows a mailed link.
 */

const APP_NAME = "Keyboard tasks";

/** The app the fake model builds: signed out, a button to sign in; signed in, a task form. */
const APP_REPLY = `I'll build a task list with a Task entity and a page that asks visitors to sign in.

<liftoff-group title="Task list">
<liftoff-action type="add_entity" file="Task" title="Task entity" read="creator" write="creator">
{
  "name": "Task",
  "type": "object",
  "properties": {
    "title": { "type": "string", "maxLength": 200 },
    "done": { "type": "boolean", "default": false }
  },
  "required": ["title"]
}
</liftoff-action>
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task list page">
import { useEffect, useState } from "react";
import { Task, User } from "@/api/entities";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export default function Tasks() {
  const signedIn = User.isAuthenticated();
  const [tasks, setTasks] = useState([]);
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (signedIn) Task.list("-createdAt", 50).then(setTasks);
  }, [signedIn]);
  async function add(event) {
    event.preventDefault();
    if (!title.trim()) return;
    const task = await Task.create({ title });
    setTasks((list) => [task, ...list]);
    setTitle("");
  }
  if (!signedIn)
    return (
      <main className="mx-auto max-w-xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">${APP_NAME}</h1>
        <Button onClick={() => User.login()}>Sign in to continue</Button>
      </main>
    );
  return (
    <main className="mx-auto max-w-xl space-y-4 p-6">
      <h1 data-testid="tasks-title" className="text-2xl font-bold">My tasks</h1>
      <form onSubmit={add} className="flex gap-2">
        <label htmlFor="new-task" className="sr-only">New task</label>
        <Input id="new-task" data-testid="new-task" value={title} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit">Add</Button>
      </form>
      <ul className="space-y-2">
        {tasks.map((task) => (
          <li key={task.id} data-testid="task-item" className="rounded-lg border bg-white p-3">{task.title}</li>
        ))}
      </ul>
    </main>
  );
}
</liftoff-action>
</liftoff-group>

Your task list is ready.`;

type Row = Record<string, unknown> & { id: string };

/**
 * Drives a page with the keyboard and checks the focus indicator at every stop it makes,
 * in whichever frame holds focus. Failures are collected and asserted at the end, so one
 * run reports every stop that lacks a visible indicator.
 */
class KeyboardDriver {
  readonly failures: string[] = [];
  stops = 0;
  constructor(
    public page: Page,
    private readonly label: string,
  ) {}

  /** Checks the indicator where focus is now; returns the frame holding it. */
  async checkFocus(step: string): Promise<Frame> {
    // The indicator animates with the element's transitions; read it once they settle.
    await this.page.waitForTimeout(150);
    const frame = await focusedFrame(this.page);
    const indicator = await focusIndicator(frame);
    if (!indicator) {
      console.info(`no focus: ${this.label} ${step}`);
      this.failures.push(`${this.label} ${step}: focus fell to the page body`);
      return frame;
    }
    this.stops += 1;
    if (indicator.kind === "none" || indicator.width < 2 || indicator.contrast < 3) {
      const failure = `${this.label} ${step}: ${indicator.element} ${indicator.kind} ${indicator.width}px ${indicator.contrast.toFixed(2)}:1`;
      console.info(`no visible focus: ${failure}`);
      this.failures.push(failure);
    }
    return frame;
  }

  /** Presses a key that moves focus, then checks the new stop. */
  async press(key: string, step = key): Promise<Frame> {
    await this.page.keyboard.press(key);
    return this.checkFocus(step);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Whether the focused element (in the focused frame) matches a CSS selector. */
  async focusIs(selector: string): Promise<boolean> {
    const frame = await focusedFrame(this.page);
    return (await frame.evaluate(
      `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`,
    )) as boolean;
  }

  /** Tab (or Shift+Tab) until the focused element matches `selector`, checking each stop. */
  async tabTo(selector: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
    if (await this.focusIs(selector)) return;
    const visited: string[] = [];
    for (let i = 0; i < (options.max ?? 60); i++) {
      const frame = await this.press(options.back ? "Shift+Tab" : "Tab", `Tab to ${selector}`);
      if (await this.focusIs(selector)) return;
      visited.push((await focusIndicator(frame))?.element ?? "body");
    }
    throw new Error(`${selector} not reached by Tab; stops: ${visited.join(" | ")}`);
  }
}

describe("keyboard-only journey (issue 14)", () => {
  let browser: Browser;
  beforeAll(async () => {
    await resetFakeAi();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("builds, fills, publishes and signs up with the keyboard alone, focus visible at every stop", async () => {
    // The builder's account exists already (sign-up by keyboard is the end user's part).
    const builderEmail = uniqueEmail("keyboard-builder");
    const setup = await newPage(browser);
    await signUpVerified(setup.page, builderEmail);
    await setup.context.close();

    const { page, context } = await newPage(browser, { width: 1280, height: 860 });
    const keys = new KeyboardDriver(page, "builder");

    // 1. Sign in.
    await page.goto("/login");
    await page.getByTestId("login-email").waitFor();
    await keys.tabTo('[data-testid="login-email"]');
    await keys.type(builderEmail);
    await keys.tabTo('[data-testid="login-password"]');
    await keys.type(E2E_PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByTestId("apps-create").first().waitFor();

    // 2. A new space app, from the New app dialog.
    await keys.tabTo('[data-testid="apps-create"]');
    await keys.press("Enter", "open the New app dialog");
    await page.getByTestId("apps-create-dialog").waitFor();
    await keys.tabTo('[role="radio"][aria-checked="true"]');
    for (let i = 0; i < 3 && !(await keys.focusIs('[data-testid="apps-create-kind-space"]')); i++)
      await keys.press("ArrowRight", "choose the kind of app");
    expect(await page.getByTestId("apps-create-kind-space").getAttribute("aria-checked")).toBe("true");
    await keys.tabTo('[data-testid="apps-create-name"]');
    await keys.type(APP_NAME);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/build\/app\/[\w-]+/);
    const appId = new URL(page.url()).pathname.split("/")[3]!;

    // 3. One chat message builds the app (the fake model answers with APP_REPLY).
    await page.getByTestId("chat-input").waitFor();
    await enqueueAiReplies({ text: APP_REPLY });
    await keys.tabTo('[data-testid="chat-input"]', { max: 80 });
    await keys.type("Build a task list where people sign in to see their own tasks");
    await page.keyboard.press("Enter");
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
    await expect.poll(() => reply.getAttribute("data-status"), { timeout: 45_000 }).toBe("ready");
    await keys.checkFocus("after sending the message");

    // 4. The Database panel: add a row, fill its title, save it, tick it done.
    await keys.tabTo('[data-panel="database"] button', { back: true, max: 80 });
    await keys.press("Enter", "open the Database panel");
    await page.getByTestId("db-entity-name").filter({ hasText: "Task" }).waitFor();
    await keys.tabTo('[data-testid="db-add-row"]');
    await page.keyboard.press("Enter");
    const pendingRow = page.locator('[data-testid="db-row"][data-pending="true"]');
    await pendingRow.waitFor();
    // One Tab stop into the grid: the first row's first editable cell.
    await keys.tabTo('[data-testid="db-row"][data-pending] [data-field="title"]', { max: 4 });
    expect(await page.locator('[data-testid="db-grid"] [tabindex="0"]').count()).toBe(1);
    // Enter edits, Escape cancels and gives focus back to the cell.
    await keys.press("Enter", "edit the title");
    await page.getByTestId("db-cell-editor").waitFor();
    await keys.type("Draft");
    await keys.press("Escape", "cancel the edit");
    await page.getByTestId("db-cell-editor").waitFor({ state: "detached" });
    expect(await keys.focusIs('[data-pending] [data-field="title"]')).toBe(true);
    await keys.press("Enter", "edit the title again");
    await keys.type("Written by keyboard");
    await keys.press("Enter", "keep the title");
    await pendingRow.locator('[data-field="title"]').filter({ hasText: "Written by keyboard" }).waitFor();
    expect(await keys.focusIs('[data-pending] [data-field="title"]')).toBe(true);
    // The cell is announced in place: its row and column indexes, under its column header.
    const cellAria = await page.evaluate(`(() => {
      const cell = document.activeElement;
      const header = document.querySelector('[role="columnheader"][aria-colindex="' + cell.getAttribute("aria-colindex") + '"]');
      return { row: cell.parentElement.getAttribute("aria-rowindex"), role: cell.getAttribute("role"), header: header && header.textContent };
    })()`);
    expect(cellAria).toEqual({ row: "2", role: "gridcell", header: expect.stringContaining("title") });
    await screenshot(page, "keyboard-grid-focused-cell-1280");

    // End goes to the row's actions: Enter on "Save row" saves it, and focus stays on the row.
    await keys.press("End", "the row's actions");
    expect(await keys.focusIs('[data-testid="db-confirm-row"]')).toBe(true);
    await keys.press("Enter", "save the row");
    await pendingRow.waitFor({ state: "detached" });
    const savedTitle = page
      .locator('[data-testid="db-row"]:not([data-pending]) [data-field="title"]')
      .first();
    await savedTitle.filter({ hasText: "Written by keyboard" }).waitFor();
    await expect
      .poll(() => keys.focusIs('[data-testid="db-row"]:not([data-pending]) [data-field="title"]'))
      .toBe(true);
    await keys.checkFocus("the saved row");
    const records = `/api/apps/${appId}/entities/Task/records`;
    const saved = (await call<{ items: Row[] }>(page, "GET", records)).items;
    expect(saved.map((row) => row.title)).toEqual(["Written by keyboard"]);
    // Right to the boolean cell; Space ticks it.
    await keys.press("ArrowRight", "the done cell");
    expect(await keys.focusIs('[data-field="done"]')).toBe(true);
    await page.keyboard.press("Space");
    await expect
      .poll(async () => (await call<Row>(page, "GET", `${records}/${saved[0]!.id}`)).done)
      .toBe(true);
    // Home / Ctrl+Home / Ctrl+End walk the grid; the header's checkbox is a cell too.
    await keys.press("Home", "the row's checkbox");
    expect(await keys.focusIs('[data-testid="db-row-select"]')).toBe(true);
    await keys.press("Control+Home", "the first header cell");
    expect(await keys.focusIs('[data-testid="db-select-all"]')).toBe(true);
    await keys.press("Control+End", "the last cell");
    expect(await keys.focusIs('[data-testid="db-delete-row"]')).toBe(true);
    await keys.press("ArrowLeft", "back to a data cell");
    // The phone width: the grid scrolls sideways to the focused cell.
    await page.setViewportSize({ width: 375, height: 812 });
    await keys.press("ArrowLeft", "a cell at 375 px");
    await screenshot(page, "keyboard-grid-focused-cell-375");
    await page.setViewportSize({ width: 1280, height: 860 });

    // Done closes the panel.
    await keys.tabTo('[data-testid="db-done"]', { back: true, max: 20 });
    await keys.press("Enter", "close the Database panel");
    await page.getByTestId("builder-panels").waitFor();

    // 5. Publish.
    await keys.tabTo('[data-testid="builder-publish"]', { back: true, max: 80 });
    await keys.press("Enter", "publish");
    await expect
      .poll(() => page.getByTestId("builder-app-state").getAttribute("data-state"), { timeout: 30_000 })
      .toBe("published");
    await keys.checkFocus("after publishing");
    if (await page.getByTestId("builder-publish-link").isVisible()) await keys.press("Escape");

    // Sign-up for end users, switched on in App settings (it needs a published app), with
    // the three links and addresses it requires.
    await keys.tabTo('[data-panel="settings"] button', { max: 80 });
    await keys.press("Enter", "open App settings");
    await page.getByTestId("settings-signup").waitFor();
    await keys.tabTo('[data-testid="settings-signup"]', { max: 30 });
    await keys.press("Space", "switch sign-up on");
    await page.getByTestId("settings-termsOfServiceLink").waitFor();
    for (const [field, value] of [
      ["termsOfServiceLink", "https://example.com/terms"],
      ["privacyPolicyLink", "https://example.com/privacy"],
      ["supportEmail", "help@example.com"],
    ] as const) {
      await keys.tabTo(`[data-testid="settings-${field}"]`);
      await keys.type(value);
    }
    await expect
      .poll(() => page.getByTestId("settings-save-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("saved");
    const app = await call<{ slug: string }>(page, "GET", `/api/apps/${appId}`);
    await context.close();

    // 6. An end user signs up on the published app: Tab into its sandboxed frame, press
    // "Sign in to continue", switch to the sign-up tab on the app's login page.
    const visitor = await newPage(browser);
    const user = new KeyboardDriver(visitor.page, "end user");
    const userEmail = uniqueEmail("keyboard-end-user");
    await visitor.page.goto(`/app/${app.slug}`);
    const appFrame = visitor.page.frameLocator('[data-testid="app-frame"]');
    await appFrame.getByRole("button", { name: "Sign in to continue" }).waitFor({ timeout: 30_000 });
    await user.tabTo("button", { max: 10 });
    expect(await (await focusedFrame(visitor.page)).evaluate("document.activeElement.textContent")).toBe(
      "Sign in to continue",
    );
    await visitor.page.keyboard.press("Enter");
    await visitor.page.waitForURL((url) => url.pathname === `/apps/${appId}/login`);
    await visitor.page.getByTestId("app-tab-signin").waitFor();
    await user.tabTo('[data-testid="app-tab-signin"]');
    await user.press("ArrowRight", "the sign-up tab");
    expect(await user.focusIs('[data-testid="app-tab-signup"]')).toBe(true);
    await visitor.page.getByTestId("app-signup-name").waitFor();
    await user.tabTo('[data-testid="app-signup-name"]');
    await user.type("Kay Board");
    await user.tabTo('[data-testid="app-signup-email"]');
    await user.type(userEmail);
    await user.tabTo('[data-testid="app-signup-password"]');
    await user.type(E2E_PASSWORD);
    await visitor.page.keyboard.press("Enter");
    await visitor.page.waitForURL((url) => url.pathname === `/app/${app.slug}`);

    // The mailed link confirms the address; back in the app, a task added by keyboard.
    const mail = await waitForMail(userEmail, `Verify your email for ${APP_NAME}`);
    await visitor.page.goto(appLoginLink(mail.text));
    await expect
      .poll(() => visitor.page.getByTestId("app-verify-result").textContent())
      .toContain("You're signed in");
    await visitor.page.goto(`/app/${app.slug}`);
    await appFrame.getByTestId("tasks-title").waitFor({ timeout: 30_000 });
    await user.tabTo("#new-task", { max: 10 });
    await user.type("My first task");
    await visitor.page.keyboard.press("Enter");
    await appFrame.getByTestId("task-item").filter({ hasText: "My first task" }).waitFor();
    await visitor.context.close();

    const failures = [...keys.failures, ...user.failures];
    console.info(
      `keyboard journey: ${keys.stops + user.stops} focus stops checked, ${failures.length} without a visible 3:1 indicator`,
    );
    expect(keys.stops + user.stops).toBeGreaterThan(30);
    expect(failures.join("\n")).toBe("");
  }, 300_000);
});
