import { mkdirSync } from "node:fs";
import { type CustomField, emptyCustomField, emptyTool, type SavedApp, type Tool } from "@liftoff/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a11yScanner, expectNoBlockingViolations, openContext, VIEWPORTS } from "./support/a11y-scan.ts";
import { apiCall, setPlanAsAdmin, tokenOf } from "./support/api.ts";
import type { AxeViolation } from "./support/axe.ts";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

const SHOTS = "/tmp/shots";
const SECRET = "SECRET-INSTRUCTIONS-e2e";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // The tools' pictures load after the page: wait for them, so the shot shows what a visitor sees.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const field = (name: string, label: string, type: CustomField["type"], extra: Partial<CustomField> = {}) => ({
  ...emptyCustomField({ name, label, type }),
  ...extra,
});

/** A picture made in the browser and uploaded as the owner: the tools' images and option icons. */
async function uploadPicture(
  page: Page,
  token: string,
  appId: string,
  colors: [string, string],
): Promise<string> {
  await page.setContent(
    `<div id="p" style="width:320px;height:180px;background:linear-gradient(135deg,${colors[0]},${colors[1]})"></div>`,
  );
  const png = await page.locator("#p").screenshot();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const res = await fetch(`${baseUrl()}/integrations/Core/UploadFile?appId=${appId}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { file_url: string }).file_url;
}

describe("the end users' page of a published generated app", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("an anonymous visitor sees the active tools, fills a multi-step form of many field types with its checks; drafts are not found; no serious axe violation at 1280 and 375 px", async () => {
    // The builder, through the API: a platform admin (place and item fields are for admins)
    // on a plan with photo fields.
    const email = E2E_CODE_ADMIN_EMAILS.toolAppPage;
    const setup = await newPage(browser);
    await signUpVerified(setup.page, email);
    const token = await tokenOf(setup.page);
    await setPlanAsAdmin(token, { email, plan: "explorer" });
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "generated",
      name: "Travel helpers",
    });
    const appId = created.id;
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const cardImage = await uploadPicture(setup.page, token, appId, ["#f472b6", "#7c3aed"]);
    const icon = await uploadPicture(setup.page, token, appId, ["#34d399", "#0ea5e9"]);
    await setup.context.close();

    const trip: Tool = {
      ...emptyTool({ toolId: "trip", path: "trip-planner", title: "Trip planner" }),
      status: "active",
      description: "Plans a trip day by day, with costs.",
      imageUrl: cardImage,
      welcomeMessage: "Tell us about your trip and we will plan it.",
      gptPrompt: `${SECRET} Plan [input] for [destination], [pace], [interests], [email], [height], [weight], [notes], [photo], [hotel], [name].`,
      inputLabel: "Anything else?",
      inputPlaceholder: "Wishes, budget, pace…",
      examples: ["A slow week in Lisbon with good food", "Three days of museums"],
      isMultiStepInput: true,
      inputSteps: [
        { id: "s1", title: "Your trip" },
        { id: "s2", title: "About you" },
      ],
      fields: [
        field("destination", "Destination", "place", { required: true, stepId: "s1" }),
        field("pace", "Pace", "select", {
          stepId: "s1",
          options: [
            { label: "Relaxed", iconUrl: icon },
            { label: "Busy", iconUrl: "" },
          ],
        }),
        field("interests", "Interests", "multiselect", {
          stepId: "s1",
          options: [
            { label: "Food", iconUrl: "" },
            { label: "Museums", iconUrl: "" },
            { label: "Hiking", iconUrl: "" },
          ],
        }),
        field("email", "E-mail", "email", { stepId: "s2", personal: true }),
        field("height", "Height", "height", { stepId: "s2" }),
        field("weight", "Weight", "weight", { stepId: "s2" }),
        field("notes", "Notes", "long_text", { stepId: "s2" }),
        field("photo", "Photo of you", "photo", { stepId: "s2", instructions: "A recent photo" }),
        field("hotel", "Hotel", "tool_item_select", { stepId: "s2", toolId: "packing" }),
        field("name", "Name", "text", { required: true, stepId: "s2" }),
      ],
    };
    const packing: Tool = {
      ...emptyTool({ toolId: "packing", path: "packing-list", title: "Packing list" }),
      status: "active",
      description: "What to take, by weather.",
      gptPrompt: SECRET,
    };
    const draft: Tool = emptyTool({ toolId: "draft", path: "secret-draft", title: "Secret draft" });
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "generated",
      appBuilderVersion: 4,
      genApp: {
        ...start.app,
        header: "Travel helpers",
        description: "Small AI tools for your next trip.",
        style: { ...start.app.style, styleName: "colorful" },
        tools: [trip, draft, packing],
      },
    });
    const published = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);
    const base = `/app/${published.slug}`;

    const violations: AxeViolation[] = [];
    for (const viewport of VIEWPORTS) {
      // Anonymous: a fresh context without the builder's session.
      const { context, page } = await openContext(browser, { viewport });
      const { scan } = a11yScanner({ page, viewport, violations });

      const home = await page.goto(base);
      expect(home?.status()).toBe(200);
      await page.getByTestId("tool-cards").waitFor();
      expect(
        await page.getByTestId("tool-card").evaluateAll((cards) => cards.map((c) => c.dataset.path)),
      ).toEqual(["trip-planner", "packing-list"]);
      expect(await page.content()).not.toContain("Secret draft");
      expect(await page.content()).not.toContain(SECRET);
      expect(await page.title()).toBe("Travel helpers");
      await shot(page, `tool-app-home-${viewport.label}`);
      await scan("tool app home");

      await page.locator('[data-testid="tool-card"][data-path="trip-planner"]').click();
      await page.waitForURL(`**${base}/tool/trip-planner`);
      await page.getByTestId("tool-form").waitFor();
      expect(await page.title()).toBe("Trip planner");
      expect(await page.getByTestId("tool-step-count").textContent()).toBe("Step 1 of 2");

      // Next with the required place empty: its message, and the step stays.
      await page.getByTestId("tool-next").click();
      await expect
        .poll(() => page.locator('[data-field="destination"] [data-testid="tool-field-error"]').textContent())
        .toBe("Destination is required");
      expect(await page.getByTestId("tool-step-count").textContent()).toBe("Step 1 of 2");
      await shot(page, `tool-app-required-${viewport.label}`);
      await scan("tool form with messages");

      await page.getByLabel("Destination").fill("Lisbon");
      expect(
        await page.locator('[data-field="destination"] [data-testid="tool-field-error"]').textContent(),
      ).toBe("");
      await page.getByText("Relaxed", { exact: true }).click();
      await page.getByText("Food", { exact: true }).click();
      await page.getByText("Museums", { exact: true }).click();
      // An example fills the main input in one click.
      await page.getByTestId("tool-example").first().click();
      expect(await page.getByLabel("Anything else?").inputValue()).toBe(
        "A slow week in Lisbon with good food",
      );
      await page.getByTestId("tool-next").click();
      await expect.poll(() => page.getByTestId("tool-step-count").textContent()).toBe("Step 2 of 2");
      expect(await page.getByTestId("tool-step-title").textContent()).toBe("About you");

      // Step 2: a bad e-mail and the missing name each say so under the field.
      await page.getByLabel("E-mail").fill("not-an-address");
      await page.getByLabel("Height", { exact: true }).fill("180");
      await page.getByRole("radio", { name: "Imperial (in)" }).locator("xpath=..").click();
      expect(await page.getByLabel("Height", { exact: true }).inputValue()).toBe("70.9");
      expect(await page.getByTestId("tool-measure-both").first().textContent()).toContain("180");
      await page.getByLabel("Weight", { exact: true }).fill("72");
      await page.getByLabel("Notes").fill("Vegetarian");
      await page.getByLabel("Hotel").fill("Casa do Rio");
      // An anonymous visitor uploads a photo (the tool's photo route) and sees it.
      const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } });
      await page
        .locator('[data-field="photo"] input[type="file"]')
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
      await page.locator('[data-field="photo"] img').waitFor({ timeout: 10_000 });
      await page.getByTestId("tool-submit").click();
      await expect
        .poll(() => page.locator('[data-field="email"] [data-testid="tool-field-error"]').textContent())
        .toBe("Enter a valid e-mail address");
      expect(await page.locator('[data-field="name"] [data-testid="tool-field-error"]').textContent()).toBe(
        "Name is required",
      );
      await shot(page, `tool-app-step2-${viewport.label}`);
      await scan("tool form step 2");

      // Back keeps the answers; then a valid form reaches the run area.
      await page.getByTestId("tool-back").click();
      expect(await page.getByLabel("Destination").inputValue()).toBe("Lisbon");
      await page.getByTestId("tool-next").click();
      await page.getByLabel("E-mail").fill("ada@example.com");
      await page.getByLabel("Name").fill("Ada");
      await page.getByTestId("tool-submit").click();
      await page.getByTestId("tool-run-area").waitFor();
      expect(await page.locator('[data-testid="tool-field-error"]:not(:empty)').count()).toBe(0);

      // A draft's address: a clear not-found page, answered 404.
      const missing = await page.goto(`${base}/tool/secret-draft`);
      expect(missing?.status()).toBe(404);
      await page.getByTestId("tool-not-found").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tool not found");
      await shot(page, `tool-app-not-found-${viewport.label}`);
      await scan("tool not found");
      await context.close();
    }
    expectNoBlockingViolations(violations, "tool app pages");
  });

  it("a single tool in the dark style opens its form at once, works by keyboard, and says so once unpublished", async () => {
    const setup = await newPage(browser);
    await signUpVerified(setup.page, uniqueEmail("tool-page-single"));
    const token = await tokenOf(setup.page);
    await setup.context.close();
    const created = await apiCall<{ id: string }>(token, "POST", "/api/apps", {
      appType: "tool",
      name: "Cover letter",
    });
    const appId = created.id;
    const start = await apiCall<{ app: SavedApp }>(token, "GET", `/api/apps/${appId}/saved-app`);
    const tool: Tool = {
      ...start.app.tools[0]!,
      title: "Cover letter writer",
      description: "A letter for the job you want.",
      status: "active",
      gptPrompt: `${SECRET} Write a letter for [input] in a [tone] tone.`,
      isInputCollapsed: true,
      inputLabel: "The job ad",
      examples: ["Barista at a small cafe"],
      fields: [
        field("tone", "Tone", "select", {
          required: true,
          options: [
            { label: "Warm", iconUrl: "" },
            { label: "Formal", iconUrl: "" },
          ],
        }),
      ],
    };
    await apiCall(token, "POST", "/api/apps", {
      appId,
      appType: "tool",
      appBuilderVersion: 4,
      app: { ...start.app, style: { ...start.app.style, styleName: "dark" }, tools: [tool] },
    });
    const published = await apiCall<{ slug: string }>(token, "POST", `/api/apps/${appId}/publish`);
    const base = `/app/${published.slug}`;

    const violations: AxeViolation[] = [];
    const viewport = VIEWPORTS[1];
    const { context, page } = await openContext(browser, { viewport });
    const { scan } = a11yScanner({ page, viewport, violations });
    await page.goto(base);
    await page.getByTestId("tool-form").waitFor();
    expect(await page.title()).toBe("Cover letter writer");
    expect(await page.getByTestId("tool-app").getAttribute("data-style")).toBe("dark");
    // Collapsed: the input is behind its button; an example opens and fills it.
    expect(await page.locator("#tool-input").count()).toBe(0);
    await page.getByTestId("tool-example").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#tool-input").inputValue()).toBe("Barista at a small cafe");
    // Generate with the required choice missing: its message; then chosen by keyboard.
    await page.getByTestId("tool-submit").click();
    await expect
      .poll(() => page.locator('[data-field="tone"] [data-testid="tool-field-error"]').textContent())
      .toBe("Tone is required");
    await page.getByRole("radio", { name: "Warm" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: "Formal" }).isChecked()).toBe(true);
    await page.getByTestId("tool-submit").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("tool-run-area").waitFor();
    await shot(page, "tool-app-single-dark-375");
    await scan("single tool dark");

    // Unpublished: the same page says so (403), and carries nothing of the app.
    await apiCall(token, "POST", `/api/apps/${appId}/unpublish`);
    const gone = await page.goto(base);
    expect(gone?.status()).toBe(403);
    await expect
      .poll(() => page.getByTestId("host-status").textContent())
      .toContain("This app is not published yet");
    expect(await page.content()).not.toContain("Cover letter writer");
    await scan("unpublished tool");
    await context.close();
    expectNoBlockingViolations(violations, "single tool page");
  });
});
