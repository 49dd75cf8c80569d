import { AUTH_MESSAGES } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_APP_REPLY } from "../apps/server/src/testing/scripted-app-replies.ts";
import { apiAs } from "./support/api.ts";
import { launchBrowser, newPage, screenshot } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 14, for people who use a keyboard and a screen reader: a failed sign-up sends focus
 * to the invalid field and its error is an alert the field is described by; the code editor
 * says how to leave it (Esc then Tab) and lets you; a chat reply is said once in a live
 * region, not token by token; sign in and sign up have titles of their own.
 */

const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
] as const;

/** What a screen reader is told about the focused control. */
async function focusedControl(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const describedBy = (element?.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    return {
      id: element?.id ?? null,
      invalid: element?.getAttribute("aria-invalid") ?? null,
      descriptions: describedBy.map((id) => {
        const target = document.getElementById(id);
        return { id, role: target?.getAttribute("role") ?? null, text: target?.textContent ?? null };
      }),
    };
  });
}

/** Whether keyboard focus is inside the code editor. */
function focusInEditor(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.activeElement?.closest(".cm-editor")));
}

describe("accessible forms, code editor and chat (issue 14)", () => {
  let browser: Browser;

  beforeAll(async () => {
    await resetFakeAi();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("focuses the invalid e-mail of a failed sign-up, describes it with its error and announces it", async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto("/login");
      await page.getByTestId("login-email").waitFor();
      await expect.poll(() => page.title()).toBe("Sign in · Liftoff");
      await page.goto("/login?mode=signup");
      await page.getByTestId("signup-email").waitFor();
      await expect.poll(() => page.title()).toBe("Create account · Liftoff");

      await page.getByTestId("signup-name").fill("Ada");
      await page.getByTestId("signup-email").fill("ada-at-example");
      await page.getByTestId("signup-password").fill("liftoff-e2e-42");
      // Submitted from the password field with Enter, as a keyboard user would.
      await page.getByTestId("signup-password").press("Enter");

      await expect.poll(() => focusedControl(page).then((c) => c.id)).toBe("signup-email");
      const control = await focusedControl(page);
      expect(control.invalid).toBe("true");
      expect(control.descriptions).toEqual([
        { id: "signup-email-error", role: "alert", text: AUTH_MESSAGES.invalidEmail },
      ]);
      // Still on the form: nothing was sent.
      expect(new URL(page.url()).pathname).toBe("/login");
      await screenshot(page, `a11y-forms-signup-invalid-${viewport.label}`);

      // With a good address, the weak password is next: focus goes there instead.
      await page.getByTestId("signup-email").fill("ada@example.test");
      await page.getByTestId("signup-password").fill("short");
      await page.getByTestId("signup-submit").click();
      await expect.poll(() => focusedControl(page).then((c) => c.id)).toBe("signup-password");
      expect((await focusedControl(page)).descriptions).toEqual([
        { id: "signup-password-error", role: "alert", text: AUTH_MESSAGES.weakPassword },
      ]);
      expect(await page.getByTestId("signup-email").getAttribute("aria-invalid")).toBeNull();
      await context.close();
    }
  });

  it("says a chat reply once in the live region, then the code editor shows how to leave it and lets you", async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    await signUpVerified(page, E2E_CODE_ADMIN_EMAILS.accessibleForms);
    const { id: appId } = await apiAs<{ id: string }>(page, "POST", "/api/apps", {
      appType: "space",
      name: "Announced",
    });
    await page.goto(`/build/app/${appId}`);
    await page.getByTestId("chat-empty").waitFor();

    // The transcript is a log that does not read itself out; the announcer is a polite status.
    const log = page.getByTestId("chat-messages");
    expect(await log.getAttribute("role")).toBe("log");
    expect(await log.getAttribute("aria-live")).toBe("off");
    const announcer = page.getByTestId("chat-announcer");
    expect(await announcer.getAttribute("role")).toBe("status");
    expect(await announcer.textContent()).toBe("");

    // Every text the live region and the transcript take while the reply streams.
    await page.evaluate(() => {
      const record = (selector: string, key: string) => {
        const element = document.querySelector(selector);
        if (!element) throw new Error(`missing ${selector}`);
        const seen: string[] = [];
        (window as unknown as Record<string, string[]>)[key] = seen;
        new MutationObserver(() => {
          const text = element.textContent ?? "";
          if (seen.at(-1) !== text) seen.push(text);
        }).observe(element, { childList: true, subtree: true, characterData: true });
      };
      record('[data-testid="chat-announcer"]', "__announced");
      record('[data-testid="chat-messages"]', "__transcript");
    });
    await enqueueAiReplies({ text: TASK_APP_REPLY, chunkSize: 40, chunkDelayMs: 25 });
    const input = page.getByTestId("chat-input");
    await input.fill("build a todo app with tasks");
    await input.press("Enter");
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
    await expect.poll(() => reply.getAttribute("data-status"), { timeout: 45_000 }).toBe("ready");
    // Let anything late (the preview reload, a second report of the same reply) happen.
    await page.waitForTimeout(1500);

    const recorded = (key: string) =>
      page.evaluate((name) => (window as unknown as Record<string, string[]>)[name] ?? [], key);
    const announced = (await recorded("__announced")).filter(Boolean);
    const transcript = await recorded("__transcript");
    // The reply streamed in many steps, and the live region spoke once, at the end.
    expect(transcript.length).toBeGreaterThan(5);
    expect(announced).toEqual([
      "The AI assistant replied: I'll build a simple todo app with a Task entity and a page to manage tasks. Your todo app is ready: add tasks on the Tasks page. 4 changes applied.",
    ]);

    // The code editor: focus it, and it says how to leave.
    await page.getByTestId("builder-edit-code").click();
    await page.locator('[data-testid="code-editor-file"][data-file-id="pages/Tasks.jsx"]').click();
    const content = page.getByTestId("code-editor-text").locator(".cm-content");
    await content.getByText("export default").first().waitFor();
    const hint = page.getByTestId("code-editor-leave-hint");
    expect(await hint.getAttribute("data-visible")).toBeNull();
    // Screen-reader only (1 px, clipped) until the editor has focus.
    expect((await hint.boundingBox())?.width).toBeLessThanOrEqual(1);
    const hintId = await hint.getAttribute("id");
    expect(await content.getAttribute("aria-describedby")).toBe(hintId);
    expect(await hint.textContent()).toBe("Press Esc then Tab to move focus out of the editor");

    await content.click();
    await expect.poll(() => hint.getAttribute("data-visible")).toBe("true");
    expect((await hint.boundingBox())?.width).toBeGreaterThan(100);
    await screenshot(page, "a11y-forms-code-editor-hint-1280");

    // Tab alone indents: focus stays in the editor.
    await page.keyboard.press("Home");
    const before = await content.textContent();
    await page.keyboard.press("Tab");
    expect(await focusInEditor(page)).toBe(true);
    await expect.poll(() => content.textContent()).not.toBe(before);

    // Esc then Tab leaves it, forwards; the hint goes with the focus.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    expect(await focusInEditor(page)).toBe(false);
    await expect.poll(() => hint.getAttribute("data-visible")).toBeNull();

    // Back in with Shift+Tab, then Esc then Shift+Tab leaves it backwards, even with text selected.
    await page.keyboard.press("Shift+Tab");
    expect(await focusInEditor(page)).toBe(true);
    await page.keyboard.press("Shift+End");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+Tab");
    expect(await focusInEditor(page)).toBe(false);

    // At a phone's width the hint fits on screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await content.click();
    await expect.poll(() => hint.getAttribute("data-visible")).toBe("true");
    const box = await hint.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, "a11y-forms-code-editor-hint-375");
    await context.close();
  });
});
