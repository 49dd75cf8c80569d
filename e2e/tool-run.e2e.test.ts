import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { emptyCustomField, emptyTool, type SavedApp, type Tool } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies, resetFakeAi } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * An end user runs a published tool in Chromium, against the fake model provider: the
 * answer streams into its blocks, a checked block fails once and passes its one retry, the
 * call to action and 'Creative suggestions' follow, a suggestion continues the run, a
 * reload shows the run again, and a failing model shows a plain message with Try again.
 */
const SHOTS = "/tmp/shots-run";
const SECRET = "SECRET-RUN-INSTRUCTIONS";

const answer = (blocks: Record<string, string>) =>
  Object.entries(blocks)
    .map(([id, text]) => `<block id="${id}">\n${text}\n</block>`)
    .join("\n");

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("an end user runs a published tool", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("sees the answer stream into its blocks, checks, the CTA, suggestions and a follow-up; a reload keeps it; a failure says so plainly", async () => {
    const email = E2E_CODE_ADMIN_EMAILS.toolRun;
    const setup = await newPage(browser);
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    await setup.context.close();
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "generated",
      name: "City guide",
    });
    const appId = created.id;
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const guide: Tool = {
      ...emptyTool({ toolId: "guide", path: "city-guide", title: "City guide" }),
      status: "active",
      description: "A day in any city.",
      gptPrompt: `${SECRET} Plan a day in [city].`,
      fields: [{ ...emptyCustomField({ name: "city", label: "City", type: "text" }), required: true }],
      blocks: [
        { id: "plan", kind: "markdown", title: "Your day", instruction: "Morning to evening." },
        {
          id: "facts",
          kind: "key_facts",
          title: "Key facts",
          instruction: "Facts about the city.",
          validation: { minItems: 2 },
        },
      ],
      ctaMessage: "Want a hotel too?",
      ctaButton: "Find a hotel",
      ctaLink: "https://example.com/hotels",
    };
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "generated",
      appBuilderVersion: 4,
      genApp: { ...start.app, header: "City guide", features: ["interactive_followups"], tools: [guide] },
    });
    const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);
    const url = `/app/${slug}/tool/city-guide`;

    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      await resetFakeAi();
      await enqueueAiReplies(
        // The answer, slowly enough to be seen streaming; its facts fail the check (one fact).
        {
          text: answer({
            plan: "**Morning**: the castle.\n\n**Evening**: fado in Alfama.",
            facts: '{"Population": "545,000"}',
          }),
          chunkSize: 6,
          chunkDelayMs: 40,
        },
        // The one retry of the facts block passes.
        { text: answer({ facts: '{"Population": "545,000", "River": "Tagus"}' }) },
        { text: JSON.stringify({ suggestions: ["Make it a rainy day", "Add a day trip"] }) },
      );
      const { context, page } = await openContext(browser, { viewport });
      const { scan } = a11yScanner({ page, viewport, violations });
      await page.goto(url);
      await page.locator("#tool-field-city").fill("Lisbon");
      await page.getByTestId("tool-submit").click();

      // Streaming: the first block shows text before the run is done.
      const plan = page.locator('[data-testid="result-block"][data-block-id="plan"]');
      await expect.poll(() => plan.textContent(), { timeout: 15_000 }).toContain("Morning");
      const facts = page.locator('[data-testid="result-block"][data-block-id="facts"]');
      await expect.poll(() => facts.textContent(), { timeout: 15_000 }).toContain("Checked");
      expect(await facts.textContent()).toContain("Tagus");
      expect(await plan.locator("strong").first().textContent()).toBe("Morning");
      await page.getByRole("link", { name: "Find a hotel" }).waitFor();
      await page.getByRole("button", { name: "Make it a rainy day" }).waitFor();
      expect(await page.content()).not.toContain(SECRET);
      await shot(page, `run-success-${viewport.label}`);
      await scan("run result");

      // A suggestion continues the run with its context.
      await enqueueAiReplies(
        {
          text: answer({
            plan: "**Morning**: the tile museum, out of the rain.",
            facts: '{"a": "1", "b": "2"}',
          }),
        },
        { text: JSON.stringify({ suggestions: [] }) },
      );
      await page.getByRole("button", { name: "Make it a rainy day" }).click();
      await expect.poll(() => plan.textContent(), { timeout: 15_000 }).toContain("tile museum");

      // A reload shows the tool's last run again.
      await page.reload();
      await expect.poll(() => plan.textContent(), { timeout: 15_000 }).toContain("tile museum");

      // The model fails: a plain message and Try again, never the provider's words.
      await enqueueAiReplies({ status: 500, message: "upstream exploded in model.py" });
      await page.locator("#tool-field-city").fill("Porto");
      await page.getByTestId("tool-submit").click();
      await expect
        .poll(() => page.getByTestId("run-results").textContent(), { timeout: 15_000 })
        .toContain("The tool could not finish its answer. Please try again.");
      expect(await page.content()).not.toContain("model.py");
      await page.getByRole("button", { name: "Try again" }).waitFor();
      await shot(page, `run-error-${viewport.label}`);
      await scan("run error");
      await context.close();
    }
    expectNoBlockingViolations(violations, "tool run");
  });

  it("shares a tool's link, and lets another site embed the tool only on a plan that allows it", async () => {
    const setup = await newPage(browser);
    const email = uniqueEmail("embedder");
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    const adminToken = await adminTokenOf(browser);
    let lastAppId = "";
    const publishTool = async (name: string) => {
      const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", { appType: "tool", name });
      const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${created.id}/saved-app`);
      const tool: Tool = {
        ...emptyTool({ toolId: start.app.tools[0]!.toolId, path: "greeter", title: name }),
        status: "active",
        gptPrompt: "Greet [input].",
      };
      await apiCall(token, "POST", "/api/apps", {
        appId: created.id,
        appType: "tool",
        appBuilderVersion: 4,
        app: { ...start.app, tools: [tool] },
      });
      const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${created.id}/publish`);
      lastAppId = created.id;
      return `${baseUrl()}/app/${slug}/tool/greeter`;
    };
    // Another site (another origin: 127.0.0.1 instead of localhost) frames a tool.
    let framed = "";
    const site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<!doctype html><title>Blog</title><h1>My blog</h1><iframe id="tool" src="${framed}?embed=1" width="600" height="700"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const sitePage = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0]! });
    try {
      // On the free plan the page refuses to be framed by another site: its form never shows.
      framed = await publishTool("Lite greeter");
      await page.goto(sitePage);
      await page.waitForTimeout(2_000);
      expect(await page.frameLocator("#tool").getByTestId("tool-form").count()).toBe(0);
      // The builder's Embed offers the upgrade ('embed app') instead of snippets.
      await setup.page.goto(`/build/app/${lastAppId}`);
      await setup.page.getByTestId("builder-embed").click();
      const locked = setup.page.getByRole("dialog");
      await locked.getByRole("button", { name: "Upgrade" }).waitFor();
      expect(await locked.locator("textarea").count()).toBe(0);
      await setup.page.keyboard.press("Escape");

      await setPlanAsAdmin(adminToken, { email, plan: "explorer" });
      const paidUrl = await publishTool("Paid greeter");
      framed = paidUrl;
      // Now the builder's Embed gives the snippets of the tool's embed address.
      await setup.page.goto(`/build/app/${lastAppId}`);
      await setup.page.getByTestId("builder-embed").click();
      const snippets = setup.page.getByRole("dialog");
      await expect
        .poll(() => snippets.getByRole("textbox", { name: "Iframe snippet" }).inputValue())
        .toContain(`${paidUrl}?embed=1`);
      await page.goto(sitePage);
      const tool = page.frameLocator("#tool");
      await tool.getByTestId("tool-form").waitFor({ timeout: 15_000 });
      expect(await tool.getByTestId("tool-app-logo").count()).toBe(0);

      // Share: the tool's own address (never the embed one) and the five networks.
      await page.goto(paidUrl);
      await page.getByTestId("tool-share").click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(paidUrl);
      const shareLinks = await dialog
        .locator("a[href]")
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const host of ["twitter.com", "facebook.com", "linkedin.com", "wa.me", "mailto:"])
        expect(
          shareLinks.some((href) => href.includes(host)),
          host,
        ).toBe(true);
    } finally {
      site.close();
      await context.close();
      await setup.context.close();
    }
  });
});

describe("a signed-in end user", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("signs up from the tool's page and finds a 'memorize' answer prefilled on the next visit", async () => {
    const setup = await newPage(browser);
    const email = uniqueEmail("memory-builder");
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    await setup.context.close();
    await setPlanAsAdmin(await adminTokenOf(browser, E2E_CODE_ADMIN_EMAILS.toolRunMemory), {
      email,
      plan: "moon",
    });
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "tool",
      name: "Pen pal",
    });
    const appId = created.id;
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const tool: Tool = {
      ...emptyTool({ toolId: start.app.tools[0]!.toolId, path: "letter", title: "Letter writer" }),
      status: "active",
      gptPrompt: "Write a letter from [home] about [topic].",
      fields: [
        { ...emptyCustomField({ name: "home", label: "Home town", type: "text" }) },
        { ...emptyCustomField({ name: "topic", label: "Topic", type: "text" }), required: true },
      ],
    };
    const save = (app: SavedApp) =>
      apiCall(token, "POST", "/api/apps", { appId, appType: "tool", appBuilderVersion: 4, app });
    await save({ ...start.app, tools: [tool] });
    const { slug } = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);
    await apiCall(token, "POST", `/api/apps/${appId}/settings`, {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: "https://example.com/terms",
        privacyPolicyLink: "https://example.com/privacy",
        supportEmail: "help@example.com",
      },
    });
    const current = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    await save({
      ...current.app,
      tools: current.app.tools.map((t) => ({
        ...t,
        fields: t.fields.map((f) => (f.name === "home" ? { ...f, memorize: true } : f)),
      })),
    });
    await apiCall(token, "POST", `/api/apps/${appId}/publish`);

    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[1]! });
    try {
      await page.goto(`/app/${slug}`);
      await page.getByTestId("tool-app-sign-in").click();
      await page.getByTestId("app-tab-signup").click();
      await page.getByTestId("app-signup-name").fill("Eve");
      await page.getByTestId("app-signup-email").fill(uniqueEmail("pen-pal"));
      await page.getByTestId("app-signup-password").fill("end-user-pass-42");
      await page.getByTestId("app-signup-submit").click();
      // Back on the tool's page, signed in.
      await page.getByTestId("tool-app-sign-out").waitFor({ timeout: 15_000 });
      await resetFakeAi();
      await enqueueAiReplies({ text: '<block id="result">\nDear friend…\n</block>' });
      await page.locator("#tool-field-home").fill("Lviv");
      await page.locator("#tool-field-topic").fill("Spring");
      await page.getByTestId("tool-submit").click();
      await expect
        .poll(() => page.getByTestId("run-results").textContent(), { timeout: 15_000 })
        .toContain("Dear friend");
      // A later visit: the remembered answer is already in the form.
      await page.goto(`/app/${slug}`);
      await expect
        .poll(() => page.locator("#tool-field-home").inputValue(), { timeout: 10_000 })
        .toBe("Lviv");
      expect(await page.locator("#tool-field-topic").inputValue()).toBe("");
    } finally {
      await context.close();
    }
  });
});

/** A platform admin's token (the e2e server's listed admin, signed in fresh). */
async function adminTokenOf(
  browser: Browser,
  email: string = E2E_CODE_ADMIN_EMAILS.toolRunAdmin,
): Promise<string> {
  const { page, context } = await newPage(browser);
  await signUpVerified(page, email);
  const token = await tokenOf(page);
  await context.close();
  return token;
}
