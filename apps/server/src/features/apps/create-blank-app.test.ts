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
    expect(home).toContain('import { appInfo } from "@/api/app";');
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
    // The name reaches the page through the frame document (appInfo.name), not the code.
    const frame = await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${runtime.versionId}`);
    expect(String(frame.body)).toContain("<title>Maple Bakery</title>");
  });

  it("shows the app's name from its settings: hostile names stay inert text, and a rename shows at once", async () => {
    const owner = await t.signUp(uniqueEmail("blank", "quotes"));
    const name = `Bob's "best" </script><img src=x onerror=alert(1)> \${x} \\`;
    const app = await create(owner.token, "space", name);
    const files = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner.token });
    // No name in the code: the page reads appInfo.name, which the frame document carries.
    expect(files.body.pages[0].content).toContain("{appInfo.name}");
    expect(files.body.pages[0].content).not.toContain("Bob's");
    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner.token });
    expect(build.body).toMatchObject({ ok: true, diagnostics: [] });
    expect((await t.request("POST", `/api/apps/${app.id}/publish`, { token: owner.token })).status).toBe(200);
    const frameOf = async () => {
      const res = await t.request<string>(
        "GET",
        `/runtime/frame?appId=${app.id}&versionId=${app.draftVersionId}`,
      );
      expect(res.status).toBe(200);
      return String(res.body);
    };
    const html = await frameOf();
    expect(html).toContain(
      "<title>Bob&#39;s &quot;best&quot; &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
    );
    expect(html).not.toContain("<img src=x");
    expect(html.match(/<script/g)?.length).toBe(2);
    const renamed = await t.request("PATCH", `/api/apps/${app.id}`, {
      token: owner.token,
      body: { name: "Maple Bakery" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await frameOf()).toContain('"appName":"Maple Bakery"');
  });

  it("starts generated apps and tools with their saved document and no code version", async () => {
    const owner = await t.signUp(uniqueEmail("blank", "kinds"));
    for (const kind of ["generated", "tool"]) {
      const res = await t.request<any>("POST", "/api/apps", {
        token: owner.token,
        body: { appType: kind, name: `A ${kind}` },
      });
      expect(res.status).toBe(201);
      const row = await t.deps.db
        .selectFrom("apps")
        .select(["data", "draftVersionId"])
        .where("id", "=", res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.draftVersionId).toBeNull();
      expect(row.data.savedApp).toMatchObject({ appBuilderVersion: 4, header: `A ${kind}` });
      const versions = await t.deps.db
        .selectFrom("app_versions")
        .select("id")
        .where("appId", "=", res.body.id)
        .execute();
      expect(versions).toEqual([]);
    }
  });
});
