import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser.ts";
import { enqueueAiReplies } from "./support/fake-ai.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/** What the fake model answers to 'Generate a tool with AI' (JSON, as structured output). */
const GENERATED_TOOL = {
  title: "Trip planner",
  description: "Plans a trip day by day.",
  path: "trip-planner",
  welcomeMessage: "Where to?",
  inputLabel: "Your trip",
  inputPlaceholder: "A week in Lisbon",
  isMultiStepInput: false,
  inputSteps: [],
  fields: [
    { name: "destination", label: "Destination", type: "text", required: true, personal: false, options: [] },
    { name: "days", label: "Days", type: "select", required: true, personal: false, options: ["3", "7"] },
  ],
  gptPrompt: "Plan a trip to [destination] for [days] days.",
  blocks: [
    { id: "plan", kind: "markdown", title: "Plan", instruction: "Day by day." },
    { id: "costs", kind: "table", title: "Costs", instruction: "One row per cost." },
  ],
  ctaMessage: "Need a flight?",
  ctaButton: "Book",
  ctaLink: "",
  examples: ["A week in Lisbon"],
};

type SavedDoc = {
  app: {
    header: string;
    style: { styleName: string; buttonBackgroundColor: string };
    tools: {
      toolId: string;
      title: string;
      path: string;
      status: string;
      gptPrompt: string;
      fields: { name: string; type: string; stepId: string | null }[];
      blocks: { kind: string; title: string }[];
      isMultiStepInput: boolean;
      inputSteps: { id: string; title: string }[];
      ctaButton: string;
    }[];
  };
  version: number | null;
};

/** The saved document as the server has it (after the builder's auto-save). */
async function savedDoc(page: Page, appId: string): Promise<SavedDoc> {
  return apiCall<SavedDoc>(await tokenOf(page), "GET", `/api/apps/${appId}/saved-app`);
}

/** Waits until the header says the app is saved (no change waiting and none in flight). */
async function waitSaved(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId("builder-app-state").getAttribute("data-state"), { timeout: 15_000 })
    .not.toBe("saving");
}

async function createApp(page: Page, kind: "generated" | "tool", name: string): Promise<string> {
  await page.goto("/apps");
  await page.getByTestId("apps-create").first().click();
  await page.getByTestId(`apps-create-kind-${kind}`).click();
  await page.getByLabel("App name").fill(name);
  await page.getByLabel("App name").press("Enter");
  await page.waitForURL(/\/build\/app\/[^/?]+/);
  await page.getByTestId("gen-builder").waitFor();
  return new URL(page.url()).pathname.split("/")[3]!;
}

describe("the builder of generated apps and single tools", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("builds a generated app: tools (one by the AI), fields, steps, instructions, blocks, branding, the live-tool limit; all saved", async () => {
    const { context, page } = await newPage(browser);
    // A platform admin on the free plan: every field type (place and tool item are for admins,
    // photo is not on lite: the admin's plan is raised for it below) and the lite live-tool limit.
    const email = E2E_CODE_ADMIN_EMAILS.genBuilder;
    await signUpVerified(page, email);
    // Photo fields need a paid plan: explorer while the fields are added, lite again for the live-tool limit.
    await setPlanAsAdmin(await tokenOf(page), { email, plan: "explorer" });
    const appId = await createApp(page, "generated", "Travel helpers");
    await expect(page.getByTestId("builder-app-state").getAttribute("data-state")).resolves.toBe(
      "notPublished",
    );
    await expect(page.getByTestId("builder-analytics-hint").textContent()).resolves.toContain(
      "Publish your app to access analytics",
    );
    await screenshot(page, "gen-builder-main-1280");

    // App tools: two added by hand, one written by the AI from a sentence.
    await page.locator('[data-testid="builder-panel-entry"][data-panel="tools"]').click();
    await page.waitForURL(/\/tools$/);
    await page.getByTestId("tools-add").click();
    await page.getByTestId("tools-add").click();
    await expect(page.getByTestId("tools-row").count()).resolves.toBe(2);
    await enqueueAiReplies({ text: JSON.stringify(GENERATED_TOOL) });
    await page.getByTestId("tools-generate").click();
    await page.waitForURL(/generateTool=true/);
    await page.getByTestId("generate-tool-description").fill("Plans a trip day by day with costs");
    await page.getByTestId("generate-tool-submit").click();
    await page.getByTestId("generate-tool-review").waitFor();
    await expect(page.getByTestId("generate-tool-title").textContent()).resolves.toBe("Trip planner");
    await screenshot(page, "gen-builder-generate-tool-1280");
    await page.getByTestId("generate-tool-add").click();
    // The new tool opens in its editor.
    await page.waitForURL(/\/tools\/[^/?]+$/);
    await page.getByTestId("gen-fields-panel").waitFor();
    await expect(page.getByTestId("gen-field-row").count()).resolves.toBe(2);
    await screenshot(page, "gen-builder-tool-editor-1280");
    await waitSaved(page);
    let doc = await savedDoc(page, appId);
    expect(doc.app.tools.map((tool) => tool.title)).toEqual(["", "", "Trip planner"]);
    expect(doc.app.tools[2]).toMatchObject({ status: "draft", path: "trip-planner" });

    // Fields of every type, on two input steps.
    await page.getByTestId("gen-steps-switch").click();
    await page.getByTestId("gen-steps-add").click();
    await page.getByLabel("Step 1 title").fill("Trip");
    await page.getByLabel("Step 2 title").fill("About you");
    const types: [string, string][] = [
      ["Notes", "Long text"],
      ["Interests", "Multiple choice"],
      ["Contact", "E-mail"],
      ["Start", "Place"],
      ["Selfie", "Photo"],
      ["Height", "Height"],
      ["Weight", "Weight"],
      ["Pick", "Tool item"],
    ];
    for (const [label, type] of types) {
      await page.getByTestId("gen-fields-add").click();
      const dialog = page.getByTestId("field-editor-dialog");
      await dialog.waitFor();
      await dialog.getByLabel("Label", { exact: true }).fill(label);
      await dialog.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: type, exact: true }).click();
      if (type === "Multiple choice") {
        await dialog.getByRole("button", { name: "Add option" }).click();
        await dialog.getByLabel("Option 1 label").fill("Food");
        await dialog.getByRole("button", { name: "Add option" }).click();
        await dialog.getByLabel("Option 2 label").fill("food");
        await expect(dialog.getByText("Option already exists").isVisible()).resolves.toBe(true);
        await dialog.getByLabel("Option 2 label").fill("Museums");
      }
      if (type === "Tool item") {
        await dialog.getByRole("combobox", { name: "Tool" }).click();
        await page.getByRole("option").first().click();
      }
      if (label === "Contact" || label === "Selfie") {
        await dialog.getByRole("combobox", { name: "Step" }).click();
        await page.getByRole("option", { name: "About you" }).click();
      }
      if (label === "Notes") await screenshot(page, "gen-builder-field-dialog-1280");
      await dialog.getByTestId("field-editor-save").click();
      await dialog.waitFor({ state: "hidden" });
    }
    await expect(page.getByTestId("gen-field-row").count()).resolves.toBe(2 + types.length);
    // A duplicate name is refused with the spec's message.
    await page.getByTestId("gen-fields-add").click();
    await page.getByTestId("field-editor-dialog").getByLabel("Label", { exact: true }).fill("Destination");
    await expect(page.getByText("Field already exists, try another name").isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");

    // Instructions with tags: inserted from the field list, an unknown one flagged.
    const instructions = page.getByTestId("gen-instructions-text");
    await instructions.fill("Plan a trip to [destination] for [days] days. Mind [budget]. Notes: ");
    await page.getByRole("button", { name: /Insert \[notes\]/ }).click();
    await expect(instructions.inputValue()).resolves.toContain("[notes]");
    await page.getByTestId("gen-instructions-unknown").waitFor();
    await expect(page.getByTestId("gen-instructions-unknown").textContent()).resolves.toContain("budget");

    // Result blocks: a key-facts block with required keys.
    await page.getByTestId("results-add-block").click();
    await page.getByTestId("results-add-key_facts").click();
    await expect(page.getByTestId("result-block").count()).resolves.toBe(3);
    await screenshot(page, "gen-builder-fields-layout-1280");
    await waitSaved(page);
    doc = await savedDoc(page, appId);
    const planner = doc.app.tools[2]!;
    expect(planner.fields.map((field) => field.type).sort()).toEqual(
      [
        "text",
        "select",
        "long_text",
        "multiselect",
        "email",
        "place",
        "photo",
        "height",
        "weight",
        "tool_item_select",
      ].sort(),
    );
    expect(planner.isMultiStepInput).toBe(true);
    expect(planner.inputSteps.map((step) => step.title)).toEqual(["Trip", "About you"]);
    expect(planner.fields.find((field) => field.type === "email")?.stepId).toBe(planner.inputSteps[1]!.id);
    expect(planner.gptPrompt).toContain("[notes]");
    expect(planner.blocks.map((block) => block.kind)).toEqual(["markdown", "table", "key_facts"]);

    // Call to action, through its tab.
    await page.getByTestId("tool-tab-callToAction").click();
    await page.getByTestId("cta-message").fill("Ready to go?");
    await page.getByTestId("cta-button").fill("Book a flight");
    await page.getByTestId("cta-link").fill("not a link");
    await expect(
      page.getByText("Call to action link must be a valid URL starting with http:// or https://").isVisible(),
    ).resolves.toBe(true);
    await page.getByTestId("cta-link").fill("https://flights.example.com");
    await page.getByTestId("cta-preview-button").waitFor();

    // Branding: the preview follows the style at three viewports.
    await page.getByTestId("gen-panel-done").click();
    await page.waitForURL(/\/tools$/);
    await page.getByTestId("gen-panel-done").click();
    await page.waitForURL((url) => url.pathname === `/build/app/${appId}`);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="branding"]').click();
    const preview = page.getByTestId("tool-page");
    const background = () => preview.evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await background();
    await page.getByTestId("branding-style-dark").click();
    await expect.poll(background).not.toBe(before);
    // Each viewport draws the tool page at its own width (desktop fills the area; tablet 768, mobile 375).
    const pageWidth = () =>
      preview.evaluate((el) => el.getBoundingClientRect().width / (el.closest("[style*=scale]") ? 1 : 1));
    const widths: Record<string, number> = {};
    for (const viewport of ["Desktop", "Tablet", "Mobile"]) {
      const toggle = page.getByRole("radio", { name: viewport });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
      widths[viewport] = await preview.evaluate((el) => (el as HTMLElement).offsetWidth);
      await screenshot(page, `gen-builder-branding-${viewport.toLowerCase()}-1280`);
    }
    expect(widths.Tablet).toBe(768);
    expect(widths.Mobile).toBe(375);
    expect(widths.Desktop).not.toBe(768);
    void pageWidth;
    await waitSaved(page);
    doc = await savedDoc(page, appId);
    expect(doc.app.style.styleName).toBe("dark");
    expect(doc.app.tools[2]!.ctaButton).toBe("Book a flight");

    // The live-tool limit of the free plan: one tool active, the second refused with the upgrade dialog.
    await setPlanAsAdmin(await tokenOf(page), { email, plan: "lite" });
    await page.goto(`/build/app/${appId}`);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="tools"]').click();
    const rows = page.getByTestId("tools-row");
    await rows.nth(2).getByTestId("tools-status").click();
    await page.getByTestId("activate-tool-dialog").waitFor();
    await screenshot(page, "gen-builder-activate-tool-1280");
    await page.keyboard.press("Escape");
    // An untitled tool cannot be activated.
    await rows.nth(0).getByTestId("tools-status").click();
    await expect(page.getByTestId("tools-notice").textContent()).resolves.toContain(
      "Your tool should have a header before it is activated",
    );
    await waitSaved(page);
    await screenshot(page, "gen-builder-tools-1280");

    // Give the first tool a title in its Tool texts, then try to activate it as a second live tool.
    await rows.nth(0).getByTestId("tools-open").click();
    await page.getByTestId("tool-tab-texts").click();
    await page.getByTestId("texts-tool-title").fill("Packing list");
    await page.getByTestId("gen-panel-done").click();
    await page.waitForURL(/\/tools$/);
    await rows.nth(0).getByTestId("tools-status").click();
    await expect(page.getByTestId("tools-notice").textContent()).resolves.toContain(
      "Your plan includes 1 live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan",
    );
    await page
      .getByRole("dialog")
      .filter({ hasText: /upgrade|plan/i })
      .first()
      .waitFor();
    await screenshot(page, "gen-builder-live-tool-limit-1280");
    await page.keyboard.press("Escape");
    await waitSaved(page);
    await screenshot(page, "gen-builder-tools-1280");

    // Reload: everything is still there.
    await page.reload();
    await page.getByTestId("tools-panel").waitFor();
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).getByTestId("tools-status").getAttribute("aria-checked")).resolves.toBe("false");
    await expect(rows.nth(2).getByTestId("tools-status").getAttribute("aria-checked")).resolves.toBe("true");
    doc = await savedDoc(page, appId);
    expect(doc.app.tools.map((tool) => [tool.title, tool.status])).toEqual([
      ["Packing list", "draft"],
      ["", "draft"],
      ["Trip planner", "active"],
    ]);
    expect(doc.app.tools[2]!.fields).toHaveLength(10);

    // Phones: the panel takes the screen, Done in the header goes back.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/build/app/${appId}/tools`);
    await page.getByTestId("tools-panel").waitFor();
    await screenshot(page, "gen-builder-tools-375");
    await page.getByTestId("builder-done").click();
    await page.waitForURL((url) => url.pathname === `/build/app/${appId}`);
    await screenshot(page, "gen-builder-main-375");
    await page.getByTestId("builder-preview-toggle").click();
    await page.getByTestId("gen-preview").waitFor();
    await screenshot(page, "gen-builder-preview-375");
    await context.close();
  });

  it("builds a single tool: texts, fields, instructions, layout, call to action; saved on reload; leaving unsaved prompts", async () => {
    const { context, page } = await newPage(browser);
    await signUpVerified(page, uniqueEmail("single-tool"));
    const appId = await createApp(page, "tool", "Cover letters");
    const entries = await page
      .getByTestId("builder-panel-entry")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-panel")));
    expect(entries).toEqual([
      "texts",
      "branding",
      "fields",
      "resultsLayout",
      "callToAction",
      "dataSources",
      "settings",
      "runs",
    ]);

    await page.locator('[data-testid="builder-panel-entry"][data-panel="texts"]').click();
    await page.getByTestId("texts-description").fill("Writes a cover letter from a job ad.");
    await page.getByTestId("texts-add-example").click();
    await page.getByTestId("texts-example").first().fill("Designer at Acme");
    await screenshot(page, "gen-builder-tool-texts-1280");
    await page.getByTestId("gen-panel-done").click();

    await page.locator('[data-testid="builder-panel-entry"][data-panel="fields"]').click();
    await page.getByTestId("gen-fields-add").click();
    const dialog = page.getByTestId("field-editor-dialog");
    await dialog.getByLabel("Label", { exact: true }).fill("Job ad");
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Long text", exact: true }).click();
    await dialog.getByTestId("field-editor-save").click();
    await page.getByTestId("gen-instructions-text").fill("Write a cover letter for this job: ");
    await page.getByRole("button", { name: /Insert \[job_ad\]|Insert \[job-ad\]|Insert \[jobad\]/ }).click();
    await page.getByTestId("gen-panel-done").click();

    // 'Results layout' opens the fields panel scrolled to the layout editor. Saved first: the
    // save's answer (warnings about tags) would change the panel's height under the jump.
    await waitSaved(page);
    await page.locator('[data-testid="builder-panel-entry"][data-panel="resultsLayout"]').click();
    await page.waitForURL(/section=results-layout/);
    await expect
      .poll(() => page.locator("#results-layout").evaluate((el) => el.getBoundingClientRect().top < 400), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.getByTestId("results-add-block").click();
    await page.getByTestId("results-add-markdown").click();
    await screenshot(page, "gen-builder-tool-layout-1280");
    await page.getByTestId("gen-panel-done").click();

    await page.locator('[data-testid="builder-panel-entry"][data-panel="settings"]').click();
    await page.getByTestId("gen-settings-locked").waitFor();
    await screenshot(page, "gen-builder-tool-settings-lite-1280");
    await page.getByTestId("gen-panel-done").click();

    await page.locator('[data-testid="builder-panel-entry"][data-panel="callToAction"]').click();
    await page.getByTestId("cta-button").fill("Get hired");
    await screenshot(page, "gen-builder-tool-cta-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "gen-builder-tool-cta-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Leaving within the debounce asks first; staying keeps the edit, which then saves.
    await page.getByTestId("cta-message").fill("Good luck!");
    const prompts: string[] = [];
    page.once("dialog", async (prompt) => {
      prompts.push(prompt.message());
      await prompt.dismiss();
    });
    await page.getByTestId("builder-back").click();
    await expect.poll(() => prompts).toEqual(["You have unsaved changes! Are you sure you want to leave?"]);
    expect(new URL(page.url()).pathname).toBe(`/build/app/${appId}`);
    await waitSaved(page);

    await page.reload();
    await page.getByTestId("cta-panel").waitFor();
    await expect(page.getByTestId("cta-message").inputValue()).resolves.toBe("Good luck!");
    const doc = await savedDoc(page, appId);
    const tool = doc.app.tools[0]!;
    expect(doc.app.tools).toHaveLength(1);
    expect(tool.fields.map((field) => field.type)).toEqual(["long_text"]);
    expect(tool.gptPrompt).toMatch(/\[job.?ad\]/);
    expect(tool.blocks.map((block) => block.kind)).toEqual(["markdown"]);
    expect(tool.ctaButton).toBe("Get hired");
    await context.close();
  });

  it("an admin's panels (chat assistant, settings), magic create, a logo upload and publishing; no serious axe violation in any panel at 1280 and 375 px", async () => {
    const email = E2E_CODE_ADMIN_EMAILS.genBuilderA11y;
    const setup = await newPage(browser);
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    const state = await setup.context.storageState();
    await setup.context.close();
    // A generated app with one titled tool, made through the API.
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "generated",
      name: "Study kit",
    });
    const appId = created.id;
    const start = await apiCall<{ app: Record<string, unknown> & { tools: unknown[] } }>(
      token,
      "GET",
      `/api/apps/${appId}/saved-app`,
    );
    await enqueueAiReplies({
      text: JSON.stringify({ ...GENERATED_TOOL, title: "Flashcards", path: "flashcards" }),
    });
    const generated = await apiCall<{ tool: unknown }>(token, "POST", `/api/apps/${appId}/tools/generate`, {
      description: "Makes flashcards from notes",
    });
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "generated",
      appBuilderVersion: 4,
      genApp: { ...start.app, tools: [{ ...(generated.tool as object), status: "active" }] },
    });

    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openContext(browser, { viewport, storageState: state });
      const wide = viewport.width >= 1024;
      const { scan, scanDialog } = a11yScanner({ page, viewport, violations });
      const open = async (panel: string, ready: string) => {
        await page.goto(`/build/app/${appId}`);
        await page.locator(`[data-testid="builder-panel-entry"][data-panel="${panel}"]`).click();
        await page.getByTestId(ready).first().waitFor();
      };
      await page.goto(`/build/app/${appId}`);
      await page.getByTestId("gen-builder").waitFor();
      await scan("gen builder main");
      await open("texts", "texts-panel");
      await scan("gen app texts");
      await open("branding", "branding-panel");
      await scan("gen branding");
      await open("tools", "tools-panel");
      await scan("gen tools");
      await scanDialog("generate tool dialog", () => page.getByTestId("tools-generate").click());
      await page.getByTestId("tools-open").first().click();
      await page.getByTestId("gen-fields-panel").waitFor();
      await scan("gen tool fields and layout");
      await scanDialog("field editor", () => page.getByTestId("gen-fields-add").click());
      for (const tab of ["texts", "callToAction", "customDataSource"]) {
        await page.getByTestId(`tool-tab-${tab}`).click();
        await scan(`gen tool ${tab}`);
      }
      await open("settings", "gen-settings-panel");
      await scan("gen settings");
      await screenshot(page, `gen-builder-settings-${viewport.label}`);
      await open("chat", "chat-assistant-panel");
      await scan("gen chat assistant");
      if (!wide) {
        await page.getByTestId("builder-preview-toggle").click();
        await page.getByTestId("gen-preview").waitFor();
        await scan("gen preview");
      }
      await context.close();
    }
    expectNoBlockingViolations(violations, "gen builder panels");

    // The admin's own flows at 1280.
    const { context, page } = await openContext(browser, { viewport: VIEWPORTS[0], storageState: state });
    // The chat assistant: on, with its dialog and the spec's message; opens by itself next time.
    await page.goto(`/build/app/${appId}?panel=chat`);
    await page.getByTestId("chat-assistant-panel").waitFor();
    await page.locator("#chat-assistant-active").click();
    await page.getByRole("dialog", { name: "Activate Your Chat Assitant!" }).waitFor();
    await page.getByText("Chat assistant activated successfully").waitFor();
    await screenshot(page, "gen-builder-chat-activated-1280");
    await page.keyboard.press("Escape");
    await page.goto(`/build/app/${appId}`);
    await page.waitForURL(/panel=chat/);

    // The admin picks the model from the provider's list, and the temperature on its 0.1 grid.
    await page.goto(`/build/app/${appId}?panel=settings`);
    await page.getByTestId("gen-settings-aiModel").click();
    const modelOptions = page.getByRole("option");
    await expect.poll(() => modelOptions.count()).toBeGreaterThan(1);
    const chosen = (await modelOptions.nth(1).textContent())?.trim() ?? "";
    await modelOptions.nth(1).click();
    await page.locator("#gen-settings-temperature").fill("1.3");
    await waitSaved(page);
    const afterSettings = await apiCall<{ app: { settings: { aiModel: string; modelTemperature: number } } }>(
      token,
      "GET",
      `/api/apps/${appId}/saved-app`,
    );
    expect(afterSettings.app.settings.aiModel).not.toBe("");
    expect(chosen.length).toBeGreaterThan(0);
    expect(afterSettings.app.settings.modelTemperature).toBe(1.3);

    // The tool-template library: categories with the spec's messages.
    await page.locator("#gen-settings-tool-template").click();
    await page.getByTestId("gen-settings-template").waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Category name cannot be empty").waitFor();
    await page.getByLabel("New category").fill("Study");
    await page.getByLabel("New category").press("Enter");
    await page.getByLabel("New category").fill("study");
    await page.getByLabel("New category").press("Enter");
    await page.getByText("Category already exists").waitFor();
    // The builder is one screen: its panels scroll inside it, the page itself never grows.
    await expect(
      page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).resolves.toBeLessThanOrEqual(1);
    await screenshot(page, "gen-builder-settings-template-1280");
    await waitSaved(page);
    const templated = await apiCall<{
      app: { settings: { isToolTemplate: boolean; templateCategories: string[]; templateCategory: string } };
    }>(token, "GET", `/api/apps/${appId}/saved-app`);
    expect(templated.app.settings).toMatchObject({
      isToolTemplate: true,
      templateCategories: ["Study"],
      templateCategory: "Study",
    });

    // Magic create: a field from one sentence, reviewed in the dialog, then added.
    await page.goto(`/build/app/${appId}/tools`);
    await page.getByTestId("tools-open").first().click();
    await enqueueAiReplies({
      text: JSON.stringify({
        name: "level",
        label: "Level",
        type: "select",
        required: true,
        options: ["Easy", "Hard"],
      }),
    });
    await page.getByRole("button", { name: "Magic create" }).click();
    await page.getByLabel("Describe the field in one sentence").fill("Ask how hard the cards should be");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const dialog = page.getByTestId("field-editor-dialog");
    await dialog.waitFor();
    await expect(dialog.getByLabel("Label", { exact: true }).inputValue()).resolves.toBe("Level");
    await dialog.getByTestId("field-editor-save").click();
    await expect.poll(() => page.getByTestId("gen-field-row").filter({ hasText: "Level" }).count()).toBe(1);

    // A logo, uploaded and shown in the preview.
    await page.goto(`/build/app/${appId}?panel=branding`);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.getByLabel("Upload logo").waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByLabel("Upload logo").click();
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByText("Image uploaded successfully!").waitFor();
    await expect.poll(() => page.getByTestId("tool-page").locator("img").count()).toBeGreaterThan(0);
    await waitSaved(page);

    // Publish from the header: Published, and analytics instead of the hint.
    await page.getByTestId("builder-publish").click();
    await expect
      .poll(() => page.getByTestId("builder-app-state").getAttribute("data-state"))
      .toBe("published");
    await page.getByTestId("builder-analytics").waitFor();
    await screenshot(page, "gen-builder-published-1280");
    const doc = await apiCall<{ status: string; app: { style: { logoUrl: string } } }>(
      token,
      "GET",
      `/api/apps/${appId}/saved-app`,
    );
    expect(doc.status).toBe("published");
    expect(doc.app.style.logoUrl).toMatch(/^https?:\/\//);
    await context.close();
  });
});
