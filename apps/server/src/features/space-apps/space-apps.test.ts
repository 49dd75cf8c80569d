import { randomUUID } from "node:crypto";
import { appFilesBundleSchema, fileChangeResultSchema } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { verifyAppToken } from "../app-tokens/app-token.ts";

const HOME = `export default function Home() {\n  return <div className="p-4 text-lg">Hello</div>;\n}\n`;
const LAYOUT = `export default function Layout({ children }) {\n  return <main className="min-h-screen">{children}</main>;\n}\n`;
const ABOUT = `import Badge from "@/components/Badge";\nexport default function About() {\n  return <Badge />;\n}\n`;
const BADGE = `export default function Badge() {\n  return <span className="rounded bg-blue-500">New</span>;\n}\n`;
const BROKEN = `export default function Home() {\n  const x = ;\n  return <div className="p-4">{x}</div>;\n}\n`;

/** Files, versions, builds, publishing, settings and details of space apps, over HTTP on a real database. */
describe("space app files and versions", () => {
  let t: TestPlatform;
  let owner: string;
  let stranger: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("space", "owner"))).token;
    stranger = (await t.signUp(uniqueEmail("space", "stranger"))).token;
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const newApp = async (token = owner, name = "Space") => {
    const res = await t.request<any>("POST", "/api/apps", { token, body: { appType: "space", name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // A blank space app starts with the starter page as its first draft (issue 13).
    const { id, slug, draftVersionId } = res.body as { id: string; slug: string; draftVersionId: string };
    return { id, slug, starter: draftVersionId };
  };
  // Code is written by a platform admin (editing code is admin-only, spec section 6); the
  // apps themselves belong to ordinary owners.
  const save = (appId: string, id: string, content: string, baseVersionId?: string | null, token = admin) =>
    t.request<any>("POST", `/api/apps/${appId}/files/update`, {
      token,
      body: { file: { id, content }, ...(baseVersionId !== undefined ? { baseVersionId } : {}) },
    });
  const files = (appId: string, token = owner) =>
    t.request<any>("GET", `/api/apps/${appId}/files`, { token });
  const upgrade = async (plan: string) => {
    const other = await t.signUp(uniqueEmail("space", plan));
    const res = await t.request("POST", `/api/admin/users/${other.user.id}/plan`, {
      token: admin,
      body: { plan },
    });
    expect(res.status).toBe(200);
    return other.token;
  };

  it("starts with the starter page, then creates and replaces files as new versions", async () => {
    const app = await newApp();
    const starter = await files(app.id);
    expect(starter.status).toBe(200);
    const bundle0 = appFilesBundleSchema.parse(starter.body);
    expect({ ...bundle0, pages: bundle0.pages.map((p) => p.id) }).toEqual({
      id: app.id,
      versionId: app.starter,
      slug: app.slug,
      name: "Space",
      layout: null,
      globals_css: null,
      pages: ["pages/Home.jsx"],
      components: [],
      services: [],
      entities: {},
      user_entity: null,
      mainPage: null,
    });

    const first = await save(app.id, "pages/Home.jsx", HOME, app.starter);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r1 = fileChangeResultSchema.parse(first.body);
    expect(r1.compile).toEqual({ ok: true, diagnostics: [] });

    const second = await save(app.id, "layout.jsx", LAYOUT, r1.versionId);
    expect(second.status).toBe(200);
    const replaced = await save(
      app.id,
      "pages/Home.jsx",
      HOME.replace("Hello", "Hi there"),
      second.body.versionId,
    );
    expect(replaced.status).toBe(200);

    const bundle = (await files(app.id)).body;
    expect(bundle.versionId).toBe(replaced.body.versionId);
    expect(bundle.layout).toEqual({ id: "layout.jsx", name: "layout", content: LAYOUT });
    expect(bundle.pages).toEqual([
      { id: "pages/Home.jsx", name: "Home", content: HOME.replace("Hello", "Hi there") },
    ]);

    const versions = await t.request<any>("GET", `/api/apps/${app.id}/versions`, { token: owner });
    expect(versions.status).toBe(200);
    expect(versions.body.versions.map((v: any) => [v.number, v.source, v.buildOk, v.isDraft])).toEqual([
      [4, "editor", true, true],
      [3, "editor", true, false],
      [2, "editor", true, false],
      // Never previewed, so never built: builds are made on demand.
      [1, "starter", null, false],
    ]);
    const summary = await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner });
    expect(summary.body).toMatchObject({
      draftVersionId: replaced.body.versionId,
      publishedVersionId: null,
      publishedAt: null,
      customHost: null,
      status: "draft",
    });
  });

  it("refuses a save based on a stale version with 409 and changes nothing", async () => {
    const ownerToken = await upgrade("builder");
    const app2 = await newApp(ownerToken, "Stale");
    const v1 = (await save(app2.id, "pages/Home.jsx", HOME, app2.starter)).body.versionId;
    const v2 = (await save(app2.id, "pages/Home.jsx", `${HOME}// two\n`, v1)).body.versionId;
    const stale = await save(app2.id, "pages/Home.jsx", `${HOME}// lost\n`, v1);
    expectError(stale, 409, "CONFLICT", "This app was changed elsewhere. Reload to get the latest version.");
    const nullBase = await save(app2.id, "pages/Other.jsx", HOME, null);
    expect(nullBase.status).toBe(409);
    const bundle = (await files(app2.id, ownerToken)).body;
    expect(bundle.versionId).toBe(v2);
    expect(bundle.pages.map((p: any) => p.content)).toEqual([`${HOME}// two\n`]);
  });

  it("deletes a file and rewrites its references in one version; unknown files are 404", async () => {
    const token = await upgrade("builder");
    const a = await newApp(token, "Refs");
    let base: string | null = a.starter;
    for (const [id, content] of [
      ["pages/Home.jsx", HOME],
      ["components/Badge.jsx", BADGE],
      ["pages/About.jsx", ABOUT],
    ] as const) {
      const res = await save(a.id, id, content, base);
      expect(res.body.compile.ok, JSON.stringify(res.body)).toBe(true);
      base = res.body.versionId;
    }
    const missing = await t.request<any>("POST", `/api/apps/${a.id}/files/delete`, {
      token: admin,
      body: { fileId: "components/Nope.jsx", baseVersionId: base },
    });
    expectError(missing, 404, "NOT_FOUND", "File not found");

    const fixedAbout = `export default function About() {\n  return <span>About</span>;\n}\n`;
    const deleted = await t.request<any>("POST", `/api/apps/${a.id}/files/delete`, {
      token: admin,
      body: {
        fileId: "components/Badge.jsx",
        referencesToUpdate: [{ path: "pages/About.jsx", content: fixedAbout }],
        baseVersionId: base,
      },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.compile).toEqual({ ok: true, diagnostics: [] });
    const bundle = (await files(a.id, token)).body;
    expect(bundle.components).toEqual([]);
    expect(bundle.pages.find((p: any) => p.id === "pages/About.jsx").content).toBe(fixedAbout);
    const versions = (await t.request<any>("GET", `/api/apps/${a.id}/versions`, { token })).body.versions;
    expect(versions).toHaveLength(5);
  });

  it("stores each distinct content once across versions and apps", async () => {
    const token = await upgrade("builder");
    const a = await newApp(token, "Blobs A");
    const b = await newApp(token, "Blobs B");
    const unique = `export default function Home() {\n  return <p>${Date.now()}-unique</p>;\n}\n`;
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom("app_blobs")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    let base = (await save(a.id, "pages/Home.jsx", unique, a.starter)).body.versionId;
    expect(await count()).toBe(before + 1);
    // A second file, then the same content again in another app: only the new content is stored.
    base = (await save(a.id, "components/Badge.jsx", BADGE, base)).body.versionId;
    const afterBadge = await count();
    expect(afterBadge).toBeLessThanOrEqual(before + 2);
    await save(b.id, "pages/Home.jsx", unique, b.starter);
    await save(a.id, "pages/Home.jsx", unique, base);
    expect(await count()).toBe(afterBadge);
    const versions = await t.deps.db
      .selectFrom("app_versions")
      .select("files")
      .where("appId", "=", a.id)
      .execute();
    expect(versions).toHaveLength(4);
  });

  it("reports compile diagnostics of a broken file, and publishing refuses until it is fixed", async () => {
    const token = await upgrade("builder");
    // An app without any version (made before blank apps got a starter page) has nothing to publish.
    const legacy = await newApp(token, "Legacy");
    await t.deps.db.updateTable("apps").set({ draftVersionId: null }).where("id", "=", legacy.id).execute();
    const noDraft = await t.request<any>("POST", `/api/apps/${legacy.id}/publish`, { token });
    expect(noDraft.status).toBe(422);

    const app = await newApp(token, "Broken");
    const broken = await save(app.id, "pages/Home.jsx", BROKEN, app.starter);
    expect(broken.status).toBe(200);
    expect(broken.body.compile.ok).toBe(false);
    const diagnostic = broken.body.compile.diagnostics.find((d: any) => d.severity === "error");
    expect(diagnostic).toMatchObject({ file: "pages/Home.jsx", line: 2, column: expect.any(Number) });
    expect(diagnostic.message.length).toBeGreaterThan(0);

    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token });
    expect(build.body).toMatchObject({ versionId: broken.body.versionId, ok: false });
    expect(build.body.diagnostics).toEqual(broken.body.compile.diagnostics);
    expect(
      await t.deps.db
        .selectFrom("app_builds")
        .selectAll()
        .where("versionId", "=", broken.body.versionId)
        .execute(),
    ).toHaveLength(1);

    const refused = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token });
    expectError(refused, 422, "UNPROCESSABLE", "The app has errors. Fix them before publishing.");
    expect(refused.body.error.details.diagnostics).toEqual(broken.body.compile.diagnostics);

    const fixed = await save(app.id, "pages/Home.jsx", HOME, broken.body.versionId);
    expect(fixed.body.compile.ok).toBe(true);
    const published = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      status: "published",
      publishedVersionId: fixed.body.versionId,
      draftVersionId: fixed.body.versionId,
    });
    expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The earlier version's build is still there by id.
    const old = await t.request<any>("GET", `/api/apps/${app.id}/build?versionId=${broken.body.versionId}`, {
      token,
    });
    expect(old.body.ok).toBe(false);
    expect((await t.request<any>("GET", `/api/apps/${app.id}/build?versionId=nope`, { token })).status).toBe(
      404,
    );

    const unpublished = await t.request<any>("POST", `/api/apps/${app.id}/unpublish`, { token });
    expect(unpublished.body).toMatchObject({ status: "draft", publishedVersionId: null, publishedAt: null });
  });

  it("lets only the owner or a platform admin in, and only for space apps", async () => {
    const token = await upgrade("builder");
    const mine = await newApp(token, "Mine");
    expectError(await files(mine.id, stranger), 404, "NOT_FOUND", "App not found");
    expectError(
      await save(mine.id, "pages/Home.jsx", HOME, null, stranger),
      404,
      "NOT_FOUND",
      "App not found",
    );
    expectError(await files(mine.id, ""), 401, "UNAUTHORIZED", "Please log in to continue");
    const byAdmin = await save(mine.id, "pages/Home.jsx", HOME, mine.starter, admin);
    expect(byAdmin.status).toBe(200);
    // A single tool of the same owner, written straight to the database: no code files.
    const { accountId } = await t.deps.db
      .selectFrom("apps")
      .select("accountId")
      .where("id", "=", mine.id)
      .executeTakeFirstOrThrow();
    const tool = await t.deps.db
      .insertInto("apps")
      .values({
        id: randomUUID(),
        accountId,
        kind: "tool",
        name: "Tool",
        slug: `tool-${randomUUID()}`,
        data: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expectError(await files(tool.id, token), 400, "BAD_REQUEST", "Only space apps have code files");
  });

  it("lets only platform admins edit code: the owner gets 403 on update and delete and changes nothing", async () => {
    const token = await upgrade("builder");
    const app = await newApp(token, "Admin-only code");
    const v1 = (await save(app.id, "pages/Home.jsx", HOME, app.starter)).body.versionId;
    const v2 = (await save(app.id, "components/Badge.jsx", BADGE, v1)).body.versionId;
    const message = "Only platform admins can edit code";

    // The owner (not a platform admin) reads the code but cannot write it.
    expect((await files(app.id, token)).status).toBe(200);
    expectError(
      await save(app.id, "pages/Home.jsx", `${HOME}// owner\n`, v2, token),
      403,
      "FORBIDDEN",
      message,
    );
    expectError(await save(app.id, "pages/New.jsx", HOME, v2, token), 403, "FORBIDDEN", message);
    const refusedDelete = await t.request<any>("POST", `/api/apps/${app.id}/files/delete`, {
      token,
      body: { fileId: "components/Badge.jsx", baseVersionId: v2 },
    });
    expectError(refusedDelete, 403, "FORBIDDEN", message);
    // Someone who may not even see the app still gets 404, not 403: ids cannot be probed.
    expectError(
      await t.request<any>("POST", `/api/apps/${app.id}/files/delete`, {
        token: stranger,
        body: { fileId: "components/Badge.jsx", baseVersionId: v2 },
      }),
      404,
      "NOT_FOUND",
      "App not found",
    );
    const unchanged = (await files(app.id, token)).body;
    expect(unchanged.versionId).toBe(v2);
    expect(unchanged.pages.map((p: any) => p.content)).toEqual([HOME]);
    expect(unchanged.components.map((c: any) => c.id)).toEqual(["components/Badge.jsx"]);

    // A platform admin edits and deletes the same files.
    const edited = await save(app.id, "pages/Home.jsx", `${HOME}// admin\n`, v2, admin);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const deleted = await t.request<any>("POST", `/api/apps/${app.id}/files/delete`, {
      token: admin,
      body: { fileId: "components/Badge.jsx", baseVersionId: edited.body.versionId },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = (await files(app.id, token)).body;
    expect(after.versionId).toBe(deleted.body.versionId);
    expect(after.pages.map((p: any) => p.content)).toEqual([`${HOME}// admin\n`]);
    expect(after.components).toEqual([]);
  });

  it("answers bad input with 400, never 500", async () => {
    const token = await upgrade("builder");
    const app = await newApp(token, "Bad input");
    const bodies: unknown[] = [
      {},
      { file: { id: "../etc/passwd", content: "x" } },
      { file: { id: "pages/lower.jsx", content: "x" } },
      { file: { id: "components/ui/button.jsx", content: "x" } },
      { file: { id: "pages/Home.jsx", content: 5 } },
      { file: { id: "pages/Home.jsx", content: "x".repeat(300_001) } },
      { file: { id: "pages/Home.jsx", content: "" }, baseVersionId: 7 },
    ];
    for (const body of bodies) {
      const res = await t.request<any>("POST", `/api/apps/${app.id}/files/update`, { token: admin, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const raw = await t.request<any>("POST", `/api/apps/${app.id}/files/update`, {
      token: admin,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(raw.status).toBe(400);
    for (const body of [{}, { fileId: "nope" }, { fileId: "pages/A.jsx", referencesToUpdate: "x" }]) {
      const res = await t.request<any>("POST", `/api/apps/${app.id}/files/delete`, { token: admin, body });
      expect(res.status).toBe(400);
    }
    for (const body of [
      { appSettings: { mainPage: 5 } },
      { appSettings: { bogus: true } },
      { host: "x" },
      {},
    ]) {
      const res = await t.request<any>("POST", `/api/apps/${app.id}/settings`, { token, body });
      expect(res.status).toBe(400);
    }
    for (const body of [{ host: "not a host" }, { host: "http://x.com" }, { host: 5 }, {}]) {
      const res = await t.request<any>("POST", `/api/apps/${app.id}/domain`, { token, body });
      expect(res.status).toBe(400);
    }
  });

  it("lists its routes in the OpenAPI document", async () => {
    const doc = await t.request<any>("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    for (const path of [
      "/api/apps/{appId}/files",
      "/api/apps/{appId}/files/update",
      "/api/apps/{appId}/files/delete",
      "/api/apps/{appId}/versions",
      "/api/apps/{appId}/build",
      "/api/apps/{appId}/publish",
      "/api/apps/{appId}/settings",
      "/api/apps/{appId}/details",
      "/api/apps/{appId}/domain",
      "/api/apps/{appId}/preview-token",
      "/runtime/bundle",
    ])
      expect(doc.body.paths[path], path).toBeTruthy();
  });

  describe("settings", () => {
    it("validates the main page and the sign-up rules with their messages", async () => {
      const token = await upgrade("builder");
      const app = await newApp(token, "Settings");
      const v1 = (await save(app.id, "pages/Home.jsx", HOME, app.starter)).body.versionId;
      await save(app.id, "pages/Tasks.jsx", HOME.replace("Home", "Tasks"), v1);
      const settingsOf = () => t.request<any>("GET", `/api/apps/${app.id}/settings`, { token });
      const post = (appSettings: Record<string, unknown>, as = token) =>
        t.request<any>("POST", `/api/apps/${app.id}/settings`, { token: as, body: { appSettings } });

      expect((await settingsOf()).body).toEqual({
        appSettings: {
          mainPage: null,
          isSignupEnabled: false,
          termsOfServiceLink: "",
          privacyPolicyLink: "",
          supportEmail: "",
          isAppTemplate: false,
          isClaimable: false,
        },
        pages: ["Home", "Tasks"],
        canEnableSignup: false,
      });
      const main = await post({ mainPage: "Tasks" });
      expect(main.status).toBe(200);
      expect(main.body.appSettings.mainPage).toBe("Tasks");
      expectError(
        await post({ mainPage: "Nope" }),
        422,
        "UNPROCESSABLE",
        "Main page must be one of the app's pages",
      );

      const early = await post({
        isSignupEnabled: true,
        termsOfServiceLink: "https://example.com/terms",
        privacyPolicyLink: "https://example.com/privacy",
        supportEmail: "help@example.com",
      });
      expectError(
        early,
        422,
        "UNPROCESSABLE",
        "For user signup, you have to publish the app and set custom domain",
      );

      expect((await t.request("POST", `/api/apps/${app.id}/publish`, { token })).status).toBe(200);
      expect((await settingsOf()).body.canEnableSignup).toBe(true);
      const missing = await post({ isSignupEnabled: true });
      expect(missing.status).toBe(422);
      expect(missing.body.error.details.fields).toEqual([
        { field: "termsOfServiceLink", message: "Terms of service link is required when user sign-up is on" },
        { field: "privacyPolicyLink", message: "Privacy policy link is required when user sign-up is on" },
        { field: "supportEmail", message: "Support e-mail is required when user sign-up is on" },
      ]);
      const badLink = await post({ isSignupEnabled: true, termsOfServiceLink: "not a url" });
      expectError(
        badLink,
        400,
        "VALIDATION_FAILED",
        "appSettings.termsOfServiceLink: Terms of service link must be a valid URL",
      );
      const on = await post({
        isSignupEnabled: true,
        termsOfServiceLink: "https://example.com/terms",
        privacyPolicyLink: "https://example.com/privacy",
        supportEmail: "help@example.com",
      });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.appSettings).toMatchObject({ isSignupEnabled: true, mainPage: "Tasks" });
      // Clearing a required field while sign-up stays on is refused.
      expect((await post({ supportEmail: "" })).body.error.details.fields).toEqual([
        { field: "supportEmail", message: "Support e-mail is required when user sign-up is on" },
      ]);

      expectError(
        await post({ isAppTemplate: true }),
        403,
        "FORBIDDEN",
        "Only platform admins can change App Template and App claim",
      );
      const byAdmin = await post({ isAppTemplate: true, isClaimable: true }, admin);
      expect(byAdmin.body.appSettings).toMatchObject({ isAppTemplate: true, isClaimable: true });
      // The bundle carries the main page.
      expect((await files(app.id, token)).body.mainPage).toBe("Tasks");
    });
  });

  describe("details, domain and preview token", () => {
    it("changes details and refuses a taken slug with 409", async () => {
      const token = await upgrade("builder");
      const a = await newApp(token, "Details A");
      const b = await newApp(token, "Details B");
      const slug = `my-app-${Date.now()}`;
      const saved = await t.request<any>("POST", `/api/apps/${a.id}/details`, {
        token,
        body: { name: "Renamed", slug, description: "A fine app", icon: "🚀" },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toEqual({ id: a.id, name: "Renamed", slug, description: "A fine app", icon: "🚀" });
      expect((await t.request<any>("GET", `/api/apps/${a.id}/details`, { token })).body).toEqual(saved.body);
      const taken = await t.request<any>("POST", `/api/apps/${b.id}/details`, {
        token,
        body: { name: "B", slug, description: "", icon: null },
      });
      expectError(taken, 409, "CONFLICT", "This slug is already taken");
      const bad = await t.request<any>("POST", `/api/apps/${b.id}/details`, {
        token,
        body: { name: "B", slug: "Has Spaces", description: "", icon: null },
      });
      expectError(
        bad,
        400,
        "VALIDATION_FAILED",
        "slug: Slug can contain only lowercase letters, digits and dashes",
      );
    });

    it("maps a custom host from the Business plan up, uniquely", async () => {
      const builder = await upgrade("builder");
      const app = await newApp(builder, "Domain");
      const host = `shop-${Date.now()}.example.com`;
      const refused = await t.request<any>("POST", `/api/apps/${app.id}/domain`, {
        token: builder,
        body: { host },
      });
      expectError(refused, 403, "PLAN_LIMIT", "Custom domains are available from the Business plan up");
      expect(refused.body.error.details).toEqual({ reason: "custom_domain" });

      for (const plan of ["business", "master"]) {
        const token = await upgrade(plan);
        const own = await newApp(token, `Domain ${plan}`);
        const name = `${plan}-${host}`;
        const ok = await t.request<any>("POST", `/api/apps/${own.id}/domain`, {
          token,
          body: { host: name.toUpperCase() },
        });
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        expect(ok.body.customHost).toBe(name);
        // The platform's own name and localhost are nobody's (issue 12).
        for (const reserved of ["app.localhost", "Shop.LOCALHOST"]) {
          const res = await t.request<any>("POST", `/api/apps/${own.id}/domain`, {
            token,
            body: { host: reserved },
          });
          expectError(res, 422, "UNPROCESSABLE", "This domain is the platform's own");
        }
        const other = await newApp(token, `Other ${plan}`);
        const dup = await t.request<any>("POST", `/api/apps/${other.id}/domain`, {
          token,
          body: { host: name },
        });
        expectError(dup, 409, "CONFLICT", "This domain is already used by another app");
        const cleared = await t.request<any>("POST", `/api/apps/${own.id}/domain`, {
          token,
          body: { host: null },
        });
        expect(cleared.body.customHost).toBeNull();
      }
      // An upgrade past Master keeps the domain (issue 13: the ladder never goes backwards).
      const moon = await upgrade("moon");
      const moonApp = await newApp(moon, "Moon");
      const moonHost = `moon-${host}`;
      const kept = await t.request<any>("POST", `/api/apps/${moonApp.id}/domain`, {
        token: moon,
        body: { host: moonHost },
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.customHost).toBe(moonHost);
    });

    it("signs a short-lived admin app token for the caller", async () => {
      const session = await t.signUp(uniqueEmail("space", "preview"));
      const mine = await newApp(session.token, "Preview");
      const res = await t.request<any>("POST", `/api/apps/${mine.id}/preview-token`, {
        token: session.token,
      });
      expect(res.status).toBe(200);
      const verdict = await verifyAppToken(t.deps.config, res.body.token, mine.id);
      expect(verdict).toMatchObject({ ok: true, claims: { subjectId: session.user.id, kind: "admin" } });
      expect(Date.parse(res.body.expiresAt)).toBeLessThanOrEqual(Date.now() + 2 * 3600 * 1000 + 5000);
      expect(
        (await t.request("POST", `/api/apps/${mine.id}/preview-token`, { token: stranger })).status,
      ).toBe(404);
    });
  });
});
