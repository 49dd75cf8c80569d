import { HOST_BOOT_DATA_ID, runtimeBundleSchema } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { makeWebDist } from "../../testing/make-web-dist.ts";
import { createSpaceApp, saveAppFile } from "../../testing/space-app-steps.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

// Real-world model output: a duplicate JSX attribute and a duplicate object key. esbuild
// builds it and warns twice; the bundle works.
const WARNED = `export default function Home() {
  const labels = { title: "Hi", title: "Hello" };
  return <div className="p-4" className="p-6 text-lg" data-testid="warned-home">{labels.title}</div>;
}
`;
const BROKEN = `export default function Home() {\n  const x = ;\n  return <div>{x}</div>;\n}\n`;
const USES_TASK = `import { Task } from "@/api/entities";
export default function Home() {
  return <div>{typeof Task.list}</div>;
}
`;
const TASK = {
  name: "Task",
  type: "object",
  properties: { title: { type: "string" } },
  permissions: { read: "all", write: "all" },
};

/**
 * One rule for diagnostics (domain/space-apps/build-rules.ts): only errors block a version,
 * warnings are the builder's, and the build always knows the app's current entities.
 */
describe("build rules: warnings, errors and entities", () => {
  let t: TestPlatform;
  let dist: ReturnType<typeof makeWebDist>;
  let admin: string;
  let owner: string;

  const newApp = (name: string) => createSpaceApp(t, owner, name);
  const save = (appId: string, id: string, content: string) => saveAppFile(t, admin, appId, { id, content });

  beforeAll(async () => {
    dist = makeWebDist();
    t = await createTestPlatform({}, { webDist: dist.dir });
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    const user = await t.signUp(uniqueEmail("build-rules", "owner"));
    owner = user.token;
    // Publishing needs a paid plan.
    const plan = await t.request("POST", `/api/admin/users/${user.user.id}/plan`, {
      token: admin,
      body: { plan: "builder" },
    });
    expect(plan.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("publishes a warning-only build and serves it to an anonymous visitor", async () => {
    const app = await newApp("Warned");
    const saved = await save(app.id, "pages/Home.jsx", WARNED);
    expect(saved.compile.ok).toBe(true);
    const warnings = saved.compile.diagnostics;
    expect(warnings.map((d) => d.message).sort()).toEqual([
      'Duplicate "className" attribute in JSX element',
      'Duplicate key "title" in object literal',
    ]);
    // The builder gets each warning with its file and line.
    for (const d of warnings) expect(d).toMatchObject({ severity: "warning", file: "pages/Home.jsx" });
    expect(warnings.map((d) => d.line).sort()).toEqual([2, 3]);

    const published = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token: owner });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.publishedVersionId).toBe(saved.versionId);

    // The visitor's bundle: runnable, no warnings in it.
    const bundle = await t.request<any>("GET", `/runtime/bundle?slug=${app.slug}`);
    expect(bundle.status).toBe(200);
    const parsed = runtimeBundleSchema.parse(bundle.body);
    expect(parsed).toMatchObject({ versionId: saved.versionId, channel: "published", diagnostics: [] });
    expect(parsed.assets.js).toMatch(/^\/runtime\/assets\/[0-9a-f]+\.js$/);
    expect(parsed.assets.css).toMatch(/^\/runtime\/assets\/[0-9a-f]+\.css$/);

    // The host page starts the app at once (boot data), and its frame is served.
    const page = String((await t.request("GET", `/app/${app.slug}`)).body);
    expect(page).toContain(`id="${HOST_BOOT_DATA_ID}"`);
    expect(page).toContain(saved.versionId);
    const frame = await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${saved.versionId}`);
    expect(frame.status).toBe(200);
    const js = await t.request("GET", parsed.assets.js!);
    expect(js.status).toBe(200);
    expect(String(js.body)).toContain("warned-home");
  });

  it("refuses to publish a version with an error, with the error and where it is", async () => {
    const app = await newApp("Broken");
    const saved = await save(app.id, "pages/Home.jsx", BROKEN);
    expect(saved.compile.ok).toBe(false);
    const refused = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token: owner });
    expectError(refused, 422, "UNPROCESSABLE", "The app has errors. Fix them before publishing.");
    const reasons = refused.body.error.details.diagnostics;
    expect(reasons.length).toBeGreaterThan(0);
    for (const d of reasons) expect(d).toMatchObject({ severity: "error", file: "pages/Home.jsx", line: 2 });
    // Nothing was published: visitors are refused, not shown a broken app.
    const app2 = await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner });
    expect(app2.body).toMatchObject({ status: "draft", publishedVersionId: null });
    expect((await t.request("GET", `/runtime/bundle?slug=${app.slug}`)).status).toBe(403);
  });

  it("makes a new draft build when an entity is added or deleted after the last file change", async () => {
    const app = await newApp("Entities later");
    const first = await save(app.id, "pages/Home.jsx", USES_TASK);
    // Task does not exist yet: the import cannot resolve.
    expect(first.compile.ok).toBe(false);
    expect(first.compile.diagnostics.some((d) => /Task/.test(d.message))).toBe(true);

    const put = await t.request<any>("PUT", `/api/apps/${app.id}/entities/Task`, {
      token: owner,
      body: TASK,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    // The draft is a new version with the same files whose build knows Task.
    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner });
    expect(build.status).toBe(200);
    expect(build.body.versionId).not.toBe(first.versionId);
    expect(build.body).toMatchObject({ ok: true, diagnostics: [] });
    const draft = await t.request<any>("GET", `/runtime/bundle?appId=${app.id}&channel=draft`, {
      token: owner,
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ versionId: build.body.versionId, channel: "draft", diagnostics: [] });
    expect(Object.keys(draft.body.entities)).toEqual(["Task"]);
    const files = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner });
    expect(files.body.versionId).toBe(build.body.versionId);
    expect(files.body.pages.map((p: any) => p.content)).toEqual([USES_TASK]);

    // A schema change that keeps the names makes no version (only names reach the build).
    const fields = { ...TASK, properties: { ...TASK.properties, done: { type: "boolean" } } };
    expect(
      (await t.request("PUT", `/api/apps/${app.id}/entities/Task`, { token: owner, body: fields })).status,
    ).toBe(200);
    const perms = await t.request("PUT", `/api/apps/${app.id}/entities/Task/permissions`, {
      token: owner,
      body: { read: "creator", write: "creator" },
    });
    expect(perms.status).toBe(200);
    const same = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner });
    expect(same.body.versionId).toBe(build.body.versionId);

    // Deleting it makes the draft's build refuse the import again, with the reason.
    expect((await t.request("DELETE", `/api/apps/${app.id}/entities/Task`, { token: owner })).status).toBe(
      200,
    );
    const after = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner });
    expect(after.body.versionId).not.toBe(build.body.versionId);
    expect(after.body.ok).toBe(false);
    expect(after.body.diagnostics.some((d: any) => d.severity === "error" && /Task/.test(d.message))).toBe(
      true,
    );
  });

  it("makes no version for an app without code, and keeps others' apps untouched", async () => {
    const app = await newApp("No code");
    // Blank apps start with a starter page now; an app without any version is one made
    // before that, which the sync must still leave alone.
    await t.deps.db.updateTable("apps").set({ draftVersionId: null }).where("id", "=", app.id).execute();
    await t.deps.db.deleteFrom("app_versions").where("appId", "=", app.id).execute();
    const put = await t.request("PUT", `/api/apps/${app.id}/entities/Task`, { token: owner, body: TASK });
    expect(put.status).toBe(200);
    const summary = await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner });
    expect(summary.body.draftVersionId).toBeNull();
    // Another user cannot make versions of this app through the schema routes.
    const stranger = (await t.signUp(uniqueEmail("build-rules", "stranger"))).token;
    const foreign = await t.request("PUT", `/api/apps/${app.id}/entities/Other`, {
      token: stranger,
      body: { ...TASK, name: "Other" },
    });
    expect(foreign.status).toBe(404);
  });
});
