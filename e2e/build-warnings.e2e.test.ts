import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, tokenOf } from "./support/api.ts";
import { launchBrowser, newPage, screenshot } from "./support/browser.ts";
import { signUpVerified } from "./support/flows.ts";
import { E2E_CODE_ADMIN_EMAILS } from "./support/global-setup.ts";

/**
 * Issue 11: a compile warning never takes a published app offline. Code models write every
 * day (a duplicate JSX attribute, a duplicate object key) builds with warnings; the builder
 * sees them in the issue panel, publishes, and an anonymous visitor gets the app.
 */

const WARNED = `export default function Home() {
  const copy = { title: "Warned but working", title: "Warned but working" };
  return (
    <main className="p-6" className="min-h-screen p-8">
      <h1 className="text-2xl font-semibold">{copy.title}</h1>
    </main>
  );
}
`;

type AppSummary = { id: string; slug: string; status: string };

describe("compile warnings (issue 11)", () => {
  let browser: Browser;
  let builder: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: builder } = await newPage(browser, { width: 1280, height: 800 }));
  });
  afterAll(async () => {
    await browser.close();
  });

  it("shows the warning to the builder, publishes, and serves the app to an anonymous visitor", async () => {
    await signUpVerified(builder, E2E_CODE_ADMIN_EMAILS.buildWarnings);
    const token = await tokenOf(builder);
    const app = await apiCall<AppSummary>(token, "POST", "/api/apps", {
      appType: "space",
      name: "Warned app",
    });
    const saved = await apiCall<{ compile: { ok: boolean; diagnostics: { severity: string }[] } }>(
      token,
      "POST",
      `/api/apps/${app.id}/files/update`,
      { file: { id: "pages/Home.jsx", content: WARNED } },
    );
    expect(saved.compile.ok).toBe(true);
    expect(saved.compile.diagnostics.map((d) => d.severity)).toEqual(["warning", "warning"]);

    // The builder: the preview runs the app, and the issue panel lists both warnings with their lines.
    await builder.goto(`/build/app/${app.id}`);
    const preview = builder.frameLocator('[data-testid="preview-frame"]');
    await preview.getByRole("heading", { name: "Warned but working" }).waitFor({ timeout: 30_000 });
    const panel = builder.getByTestId("issue-panel");
    await panel.waitFor({ timeout: 30_000 });
    const warnings = panel.getByTestId("issue-diagnostic");
    await expect.poll(() => warnings.count()).toBe(2);
    await warnings.filter({ hasText: 'Duplicate "className" attribute in JSX element' }).waitFor();
    await warnings.filter({ hasText: 'Duplicate key "title" in object literal' }).waitFor();
    await expect.poll(() => warnings.getByText("Warning", { exact: true }).count()).toBe(2);
    await panel.getByText("pages/Home.jsx:4").waitFor();
    await panel.getByRole("heading", { name: "2 warnings" }).waitFor();
    await panel.getByTestId("issue-panel-warnings-note").waitFor();
    await screenshot(builder, "warnings-01-issue-panel");

    // Publishing is not refused for warnings, and the link is not flagged.
    await builder.getByTestId("builder-publish").click();
    await builder.getByTestId("builder-publish-link").waitFor({ timeout: 30_000 });
    expect(await builder.getByTestId("builder-publish-refused").count()).toBe(0);
    expect(await builder.getByTestId("builder-publish-offline").count()).toBe(0);
    await builder.getByText("Your app is live").waitFor();
    await screenshot(builder, "warnings-02-published");

    // An anonymous visitor, on a desktop and on a phone, gets the app, not "being updated".
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 720 },
    ]) {
      const { page: visitor, context } = await newPage(browser, viewport);
      await visitor.goto(`/app/${app.slug}`);
      await visitor
        .frameLocator('[data-testid="app-frame"]')
        .getByRole("heading", { name: "Warned but working" })
        .waitFor({ timeout: 30_000 });
      expect(await visitor.getByText("This app is being updated").count()).toBe(0);
      await screenshot(visitor, `warnings-03-visitor-${viewport.width}`);
      await context.close();
    }
  }, 180_000);
});
