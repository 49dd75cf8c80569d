import { detectAppIssues } from "@liftoff/compiler";
import { runtimeBundleSchema } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";

/**
 * Issue 13: a space app created without a template starts with a starter page, so its
 * preview and Publish work at once, without any AI model (this platform has none).
 */
describe("a blank space app", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (token: string, appType: string, name: string) => {
    const res = await t.request<any>("POST", "/api/apps", { token, body: { appType, name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; slug: string; draftVersionId: string | null };
  };

  it("starts with a starter page that compiles cleanly, and a free account can publish it", async () => {
    expect(t.deps.ai.config).toBeNull();
    const owner = await t.signUp(uniqueEmail("blank", "owner"));
    const app = await create(owner.token, "space", "Maple Bakery");
    expect(app.draftVersionId).toBeTruthy();

    const versions = await t.request<any>("GET", `/api/apps/${app.id}/versions`, { token: owner.token });
    expect(versions.body.versions.map((v: any) => [v.number, v.source, v.isDraft])).toEqual([
      [1, "starter", true],
    ]);
    const bundle = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner.token });
    expect(bundle.body.versionId).toBe(app.draftVersionId);
    expect(bundle.body.pages.map((p: any) => p.id)).toEqual(["pages/Home.jsx"]);
    const home: string = bundle.body.pages[0].content;
    expect(home).toContain('const APP_NAME = "Maple Bakery";');
    expect(home).toContain('from "@/components/ui/card"');
    // Accessible: exactly one h1; the cards' titles are h2.
    expect(home.match(/<h1\b/g)).toHaveLength(1);

    // Zero diagnostics from the compile, and none from the validators the chat runs.
    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner.token });
    expect(build.body).toMatchObject({
      versionId: app.draftVersionId,
      ok: true,
      diagnostics: [],
      pages: ["Home"],
    });
    const files = Object.fromEntries(await loadVersionFiles(t.deps.db, app.draftVersionId as string));
    const detected = detectAppIssues({
      files,
      entityNames: [],
      diagnostics: [],
      vendorExports: t.deps.vendor.manifest.exports,
    });
    expect(detected.issues).toEqual([]);

    const published = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token: owner.token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ status: "published", publishedVersionId: app.draftVersionId });
    const visitor = await t.request<any>("GET", `/runtime/bundle?slug=${app.slug}`);
    expect(visitor.status).toBe(200);
    const runtime = runtimeBundleSchema.parse(visitor.body);
    expect(runtime).toMatchObject({ versionId: app.draftVersionId, channel: "published", diagnostics: [] });
    const js = await t.request("GET", runtime.assets.js as string);
    expect(String(js.body)).toContain("Maple Bakery");
  });

  it("embeds any name as an inert string: quotes and script tags cannot break out", async () => {
    const owner = await t.signUp(uniqueEmail("blank", "quotes"));
    const name = `Bob's "best" </script><img src=x onerror=alert(1)> \${x} \\`;
    const app = await create(owner.token, "space", name);
    const bundle = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner.token });
    expect(bundle.body.pages[0].content).toContain(`const APP_NAME = ${JSON.stringify(name)};`);
    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner.token });
    expect(build.body).toMatchObject({ ok: true, diagnostics: [] });
  });

  it("gives generated apps and tools no code: only space apps have pages", async () => {
    const owner = await t.signUp(uniqueEmail("blank", "kinds"));
    for (const kind of ["generated", "tool"]) {
      const app = await create(owner.token, kind, `A ${kind}`);
      expect(app.draftVersionId).toBeNull();
      const versions = await t.deps.db
        .selectFrom("app_versions")
        .select("id")
        .where("appId", "=", app.id)
        .execute();
      expect(versions).toEqual([]);
    }
  });
});
