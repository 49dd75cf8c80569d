import { mkdirSync } from "node:fs";
import { emptyCustomField, emptyTool, type SavedApp, type Tool } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { launchBrowser, newPage } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * An anonymous visitor chats with a published generated app's assistant in Chromium (issue
 * 16), against the fake model provider: 'Chat with us' on the home opens the chat, the reply
 * streams in and shows as Markdown, a reload keeps the conversation, and a provider 429
 * shows the spec's 'Rate limit exceeded' text with Retry.
 */
const SHOTS = "/tmp/shots-chat";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("an end user chats with a generated app's assistant", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("streams a Markdown reply, keeps the conversation over a reload, and shows a provider 429 plainly", async () => {
    // The builder is a platform admin too: the assistant is an admin-only switch.
    const email = E2E_CODE_ADMIN_EMAILS.assistantChat;
    const setup = await newPage(browser);
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    await setup.context.close();
    await setPlanAsAdmin(token, { email, plan: "moon" });
    const { id: appId } = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "generated",
      name: "Garden helper",
    });
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const picker: Tool = {
      ...emptyTool({ toolId: "plants", path: "plant-picker", title: "Plant picker" }),
      status: "active",
      description: "Picks native plants for your garden.",
      gptPrompt: "Pick plants for [soil].",
      fields: [{ ...emptyCustomField({ name: "soil", label: "Soil", type: "text" }), required: true }],
      blocks: [{ id: "plants", kind: "markdown", title: "Plants", instruction: "A short list." }],
    };
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "generated",
      appBuilderVersion: 4,
      genApp: {
        ...start.app,
        header: "Garden helper",
        description: "Native plants, picked for you.",
        tools: [picker],
      },
    });
    const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);
    await apiCall(token, "POST", `/api/apps/${appId}/chat/activate`, { isActive: true });

    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      await resetFakeAi();
      const { context, page } = await openContext(browser, { viewport });
      const { scan } = a11yScanner({ page, viewport, violations });

      // The home leads to the chat; so does the tool's page.
      await page.goto(`/app/${slug}/tool/plant-picker`);
      await page.getByRole("link", { name: "Chat with us" }).waitFor();
      await shot(page, `tool-${viewport.label}`);
      await page.goto(`/app/${slug}`);
      await shot(page, `home-${viewport.label}`);
      await page.getByRole("link", { name: "Chat with us" }).click();
      await page.waitForURL(`**/app/${slug}/chat`);
      await page.getByRole("button", { name: "What can Plant picker do?" }).waitFor();
      await shot(page, `empty-${viewport.label}`);
      await scan("chat empty");

      // A reply streams in, then shows as Markdown.
      await enqueueAiReplies({
        text: "**Coneflowers** love sun.\n\n- Milkweed for butterflies\n- [More](https://example.com/plants)",
        chunkSize: 4,
        chunkDelayMs: 30,
      });
      const input = page.getByRole("textbox", { name: "Your message" });
      await input.fill("Which plants like full sun?");
      await input.press("Enter");
      const log = page.getByRole("log", { name: "Conversation" });
      await log.getByText("Which plants like full sun?").waitFor();
      const reply = log.locator('[data-role="assistant"]').last();
      // Seen while still being written: some words, not yet done.
      await page.waitForFunction(
        () => {
          const writing = document.querySelector('[data-role="assistant"][data-status="in_progress"]');
          return (writing?.textContent ?? "").includes("Con");
        },
        undefined,
        { timeout: 15_000, polling: 20 },
      );
      await expect.poll(() => reply.getAttribute("data-status"), { timeout: 15_000 }).toBe("ready");
      expect(await reply.locator("strong").first().textContent()).toBe("Coneflowers");
      expect(await reply.locator("li").count()).toBe(2);
      const link = reply.getByRole("link", { name: "More" });
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
      expect(await link.getAttribute("target")).toBe("_blank");
      await shot(page, `reply-${viewport.label}`);
      await scan("chat reply");

      // A reload shows the conversation again.
      await page.reload();
      await log.getByText("Which plants like full sun?").waitFor();
      await expect
        .poll(() => log.locator("strong").first().textContent(), { timeout: 15_000 })
        .toBe("Coneflowers");

      // The provider refuses (429): the spec's text in the reply's place, with Retry.
      await enqueueAiReplies({ status: 429, message: "quota exhausted upstream" });
      await input.fill("And for shade?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect
        .poll(() => log.getByTestId("chat-error").textContent(), { timeout: 15_000 })
        .toContain("Rate limit exceeded. Please try again later.");
      expect(await page.content()).not.toContain("quota exhausted");
      await page.getByRole("button", { name: "Retry" }).waitFor();
      await shot(page, `failed-${viewport.label}`);
      await scan("chat failed reply");

      // Retry sends the question again.
      await enqueueAiReplies({ text: "Ferns and hostas like shade." });
      await page.getByRole("button", { name: "Retry" }).click();
      await log.getByText("Ferns and hostas like shade.").waitFor({ timeout: 15_000 });
      expect(await log.getByText("And for shade?").count()).toBe(2);

      // A reload while a reply is being written re-attaches: the reply goes on to its end.
      await enqueueAiReplies({
        text: "Hostas, ferns and bleeding hearts all do well.",
        chunkSize: 2,
        chunkDelayMs: 80,
      });
      await input.fill("Anything with flowers?");
      await input.press("Enter");
      await page.waitForFunction(
        () => (document.querySelector('[data-status="in_progress"]')?.textContent ?? "").includes("Host"),
        undefined,
        { timeout: 15_000, polling: 20 },
      );
      await page.reload();
      await log.getByText("Anything with flowers?").waitFor();
      await log.getByText("Hostas, ferns and bleeding hearts all do well.").waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("chat-refusal").count()).toBe(0);

      // New conversation starts blank again.
      await page.getByRole("button", { name: "New conversation" }).click();
      await page.getByRole("button", { name: "What can Plant picker do?" }).waitFor();
      await page.reload();
      await page.getByRole("button", { name: "What can Plant picker do?" }).waitFor();
      await context.close();
    }
    expectNoBlockingViolations(violations, "assistant chat");
  });
});
