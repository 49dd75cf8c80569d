import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planLimits, type TemplateSummary, templateListResponseSchema } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";
import { loadTemplate, loadTemplates } from "./load-templates.ts";
import { readTemplateFiles } from "./read-template-files.ts";
import { resolveTemplatesDir } from "./resolve-templates-dir.ts";
import { useTemplate } from "./use-template.ts";

const templatesDir = resolveTemplatesDir();
if (!templatesDir) throw new Error("templates/ folder not found");
const manifestOf = (id: string) => JSON.parse(readFileSync(join(templatesDir, id, "template.json"), "utf8"));

describe("templates", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the shipped templates publicly, with pages, entities and an image", async () => {
    const res = await t.request<TemplateSummary[]>("GET", "/api/templates");
    expect(res.status).toBe(200);
    const list = templateListResponseSchema.parse(res.body);
    expect(list.map((item) => item.id).sort()).toEqual(["bookings", "small-crm", "task-board"]);
    const board = list.find((item) => item.id === "task-board");
    expect(board).toMatchObject({
      name: "Task board",
      category: "Productivity",
      imageUrl: "/api/templates/task-board/image",
      entities: ["Task"],
    });
    expect(board?.pages[0]).toBe("Board");
    expect(board?.pages).toContain("Stats");
    expect(list.find((item) => item.id === "small-crm")?.entities).toEqual(["Contact", "Deal"]);

    const image = await t.request<string>("GET", board?.imageUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/(png|svg\+xml)$/);

    expectError(await t.request("GET", "/api/templates/nope/image"), 404, "NOT_FOUND", "Template not found");
  });

  for (const id of ["task-board", "small-crm", "bookings"]) {
    it(`"Use template" copies ${id} into a space app owned by the caller`, async () => {
      const manifest = manifestOf(id);
      const session = await t.signUp(uniqueEmail("templates", id));
      const used = await t.request<{ appId: string; slug: string }>("POST", `/api/templates/${id}/use`, {
        token: session.token,
      });
      expect(used.status, JSON.stringify(used.body)).toBe(201);
      const { appId, slug } = used.body;

      const app = await t.request<any>("GET", `/api/apps/${appId}`, { token: session.token });
      expect(app.status).toBe(200);
      expect(app.body).toMatchObject({ kind: "space", name: manifest.name, slug });
      expect(app.body.draftVersionId).toBeTruthy();

      // Entities and their sample records, owned by the caller.
      const { db } = t.deps;
      const schemas = await db
        .selectFrom("entity_schemas")
        .select(["name", "schema"])
        .where("appId", "=", appId)
        .execute();
      expect(schemas.map((s) => s.name).sort()).toEqual(manifest.entities.map((e: any) => e.name).sort());
      for (const entity of manifest.entities) {
        const schema = schemas.find((s) => s.name === entity.name)?.schema as any;
        expect(schema.permissions).toEqual(entity.schema.permissions);
        const rows = await db
          .selectFrom("entity_rows")
          .select(["creatorId", "data"])
          .where("appId", "=", appId)
          .where("entity", "=", entity.name)
          .execute();
        expect(rows).toHaveLength(entity.records.length);
        expect(rows.length).toBeGreaterThanOrEqual(8);
        expect(new Set(rows.map((r) => r.creatorId))).toEqual(new Set([session.user.id]));
        // Relative dates are resolved to real ones.
        expect(JSON.stringify(rows.map((r) => r.data))).not.toContain("@today");
      }
      // The owner reads them through the builder grid too.
      const first = manifest.entities[0].name;
      const grid = await t.request<any>("GET", `/api/apps/${appId}/entities/${first}/records`, {
        token: session.token,
      });
      expect(grid.status).toBe(200);
      expect(grid.body.total).toBe(manifest.entities[0].records.length);

      // One version whose files are exactly the template folder's.
      const versions = await db
        .selectFrom("app_versions")
        .select(["id", "number", "files", "entities", "source"])
        .where("appId", "=", appId)
        .execute();
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ id: app.body.draftVersionId, number: 1, source: "template" });
      expect(Object.keys(versions[0]?.entities ?? {}).sort()).toEqual(schemas.map((s) => s.name).sort());
      const hashes = versions[0]?.files ?? {};
      const blobs = await db
        .selectFrom("app_blobs")
        .select(["hash", "content"])
        .where("hash", "in", Object.values(hashes))
        .execute();
      const contentOf = new Map(blobs.map((b) => [b.hash, b.content]));
      const stored = Object.fromEntries(
        Object.entries(hashes).map(([file, hash]) => [file, contentOf.get(hash)]),
      );
      expect(stored).toEqual(readTemplateFiles(join(templatesDir, id)));
      expect(Object.keys(stored)).toContain("layout.jsx");
      const build = await db
        .selectFrom("app_builds")
        .select(["ok", "diagnostics", "pages"])
        .where("versionId", "=", app.body.draftVersionId)
        .executeTakeFirstOrThrow();
      expect(build.diagnostics).toEqual([]);
      expect(build.ok).toBe(true);
      expect([...build.pages].sort()).toEqual(
        Object.keys(stored)
          .filter((file) => file.startsWith("pages/"))
          .map((file) => file.slice(6, -4))
          .sort(),
      );

      // Settings: main page and sign-up; no placeholder legal links or addresses (the
      // builder fills them: the settings panel requires them while sign-up is on).
      const row = await db
        .selectFrom("apps")
        .select(["data", "accountId"])
        .where("id", "=", appId)
        .executeTakeFirstOrThrow();
      expect(row.data).toMatchObject({ mainPage: manifest.mainPage, ...manifest.settings });
      for (const key of ["termsOfServiceLink", "privacyPolicyLink", "supportEmail"]) {
        expect((row.data as Record<string, unknown>)[key] ?? "").toBe("");
      }
      // The brand is the app's name from its settings (appInfo), not a hard-coded one.
      expect(stored["layout.jsx"]).toContain("appInfo.name");
      expect(JSON.stringify(stored)).not.toMatch(/example\.com|Taskflow|Serenity Studio|Pipeline CRM/);
    });
  }

  it("respects the plan's space-app limit and leaves nothing half-made", async () => {
    expect(planLimits(null).maxSpaceApps).toBe(1);
    const session = await t.signUp(uniqueEmail("templates", "limit"));
    const first = await t.request("POST", "/api/templates/task-board/use", { token: session.token });
    expect(first.status).toBe(201);
    const second = await t.request<any>("POST", "/api/templates/small-crm/use", { token: session.token });
    expectError(second, 403, "PLAN_LIMIT", "Your plan allows 1 space app. Upgrade your plan to create more.");
    expect(second.body.error.details.reason).toBe("max_space_apps");
    const apps = await t.request<any>("GET", "/api/apps", { token: session.token });
    expect(apps.body.apps).toHaveLength(1);
  });

  it("removes the app again when a step fails part-way (an invalid sample record)", async () => {
    const session = await t.signUp(uniqueEmail("templates", "broken"));
    const good = loadTemplate(join(templatesDir, "task-board"), "task-board");
    const [task] = good.manifest.entities;
    if (!task) throw new Error("task-board has no entity");
    const broken = {
      ...good,
      manifest: { ...good.manifest, entities: [{ ...task, records: [{ title: "ok" }, { status: "nope" }] }] },
    };
    await expect(
      useTemplate({ deps: t.deps, userId: session.user.id, template: broken }),
    ).rejects.toMatchObject({
      code: "UNPROCESSABLE",
    });
    const apps = await t.request<any>("GET", "/api/apps", { token: session.token });
    expect(apps.body.apps).toEqual([]);
  });

  it("answers 404 for an unknown template and 401 when signed out", async () => {
    const session = await t.signUp(uniqueEmail("templates", "unknown"));
    expectError(
      await t.request("POST", "/api/templates/no-such-template/use", { token: session.token }),
      404,
      "NOT_FOUND",
      "Template not found",
    );
    expectError(
      await t.request("POST", "/api/templates/task-board/use"),
      401,
      "UNAUTHORIZED",
      "Please log in to continue",
    );
    const bad = await t.request("POST", "/api/templates/..%2Fetc/use", { token: session.token });
    expect(bad.status).toBe(400);
  });
});

describe("loadTemplates", () => {
  it("skips a broken template instead of failing, and keeps the good ones", () => {
    const dir = mkdtempSync(join(tmpdir(), "liftoff-templates-"));
    try {
      cpSync(join(templatesDir, "task-board"), join(dir, "task-board"), { recursive: true });
      cpSync(join(templatesDir, "small-crm"), join(dir, "broken-json"), { recursive: true });
      writeFileSync(join(dir, "broken-json", "template.json"), "{ not json");
      cpSync(join(templatesDir, "small-crm"), join(dir, "wrong-id"), { recursive: true });
      cpSync(join(templatesDir, "bookings"), join(dir, "no-main-page"), { recursive: true });
      cpSync(join(templatesDir, "bookings"), join(dir, "placeholder-links"), { recursive: true });
      writeFileSync(
        join(dir, "placeholder-links", "template.json"),
        JSON.stringify({
          ...manifestOf("bookings"),
          id: "placeholder-links",
          settings: { isSignupEnabled: true, termsOfServiceLink: "https://example.com/terms" },
        }),
      );
      const manifest = manifestOf("bookings");
      writeFileSync(
        join(dir, "no-main-page", "template.json"),
        JSON.stringify({ ...manifest, id: "no-main-page", mainPage: "Missing" }),
      );
      const loaded = loadTemplates(dir);
      expect(loaded.map((template) => template.manifest.id)).toEqual(["task-board"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds the templates folder from the bundled server's location too", () => {
    const fromDist = join(templatesDir, "..", "apps", "server", "dist", "main.js");
    expect(resolveTemplatesDir(fromDist)).toBe(templatesDir);
  });
});
