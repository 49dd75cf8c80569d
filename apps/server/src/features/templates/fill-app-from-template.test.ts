import { join } from "node:path";
import { APP_HAS_CODE_MESSAGE } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createSpaceApp, saveAppFile } from "../../testing/space-app-steps.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";
import { readTemplateFiles } from "./read-template-files.ts";
import { resolveTemplatesDir } from "./resolve-templates-dir.ts";

const templatesDir = resolveTemplatesDir();
if (!templatesDir) throw new Error("templates/ folder not found");

/**
 * Issue 13: "Use a template" inside an empty app fills THIS app (a new draft version with
 * the template's files, entities and settings) instead of creating a second app, which a
 * free plan's one space app would refuse.
 */
describe("filling an empty app from a template", () => {
  let t: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    t = await createTestPlatform();
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const state = (appId: string, token: string) =>
    t.request<any>("GET", `/api/apps/${appId}/template`, { token });
  const fill = (appId: string, token: string, templateId = "task-board") =>
    t.request<any>("POST", `/api/apps/${appId}/template`, { token, body: { templateId } });

  it("replaces the starter page with the template in the same app, on a free plan", async () => {
    const owner = await t.signUp(uniqueEmail("fill", "owner"));
    const app = await createSpaceApp(t, owner.token, "My first app");
    // Renamed after creation: the starter still counts as the starter.
    const renamed = await t.request("PATCH", `/api/apps/${app.id}`, {
      token: owner.token,
      body: { name: "Launch tasks" },
    });
    expect(renamed.status).toBe(200);
    expect((await state(app.id, owner.token)).body).toEqual({ canUseTemplate: true });

    const filled = await fill(app.id, owner.token);
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.mainPage).toBe("Board");

    // Still one app, now holding exactly the template's files as its draft, compiled cleanly.
    const apps = await t.request<any>("GET", "/api/apps", { token: owner.token });
    expect(apps.body.apps.map((a: any) => [a.id, a.name, a.draftVersionId])).toEqual([
      [app.id, "Launch tasks", filled.body.versionId],
    ]);
    const files = Object.fromEntries(await loadVersionFiles(t.deps.db, filled.body.versionId));
    expect(files).toEqual(readTemplateFiles(join(templatesDir, "task-board")));
    const build = await t.request<any>("GET", `/api/apps/${app.id}/build`, { token: owner.token });
    expect(build.body).toMatchObject({ versionId: filled.body.versionId, ok: true, diagnostics: [] });
    const versions = await t.request<any>("GET", `/api/apps/${app.id}/versions`, { token: owner.token });
    expect(versions.body.versions.map((v: any) => [v.number, v.source])).toEqual([
      [2, "template"],
      [1, "starter"],
    ]);

    // Entities with their sample records, owned by the builder; settings for the template.
    const tasks = await t.request<any>("GET", `/api/apps/${app.id}/entities/Task/records`, {
      token: owner.token,
    });
    expect(tasks.status).toBe(200);
    expect(tasks.body.total).toBeGreaterThanOrEqual(8);
    const settings = await t.request<any>("GET", `/api/apps/${app.id}/settings`, { token: owner.token });
    expect(settings.body.appSettings).toMatchObject({ mainPage: "Board", isSignupEnabled: true });
    expect(settings.body.pages).toContain("Stats");

    // Now the app has the template's code: a second fill is refused and changes nothing.
    expect((await state(app.id, owner.token)).body).toEqual({ canUseTemplate: false });
    const again = await fill(app.id, owner.token, "small-crm");
    expectError(again, 409, "CONFLICT", APP_HAS_CODE_MESSAGE);
    const after = await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner.token });
    expect(after.body.draftVersionId).toBe(filled.body.versionId);
  });

  it("refuses an app whose code was edited, and keeps the edit", async () => {
    const owner = await t.signUp(uniqueEmail("fill", "edited"));
    const app = await createSpaceApp(t, owner.token, "Edited");
    // Admin-owned code edit (editing code is admin-only); the owner then tries a template.
    const files = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner.token });
    const home = `export default function Home() {\n  return <h1>Mine</h1>;\n}\n`;
    await saveAppFile(t, admin, app.id, { id: "pages/Home.jsx", content: home });
    expect(files.body.versionId).toBeTruthy();
    expect((await state(app.id, owner.token)).body).toEqual({ canUseTemplate: false });
    expectError(await fill(app.id, owner.token), 409, "CONFLICT", APP_HAS_CODE_MESSAGE);
    const bundle = await t.request<any>("GET", `/api/apps/${app.id}/files`, { token: owner.token });
    expect(bundle.body.pages.map((p: any) => p.content)).toEqual([home]);
  });

  it("keeps the app's own entities, and refuses one the template would overwrite", async () => {
    const owner = await t.signUp(uniqueEmail("fill", "entities"));
    const app = await createSpaceApp(t, owner.token, "Entities first");
    const saveSchema = (name: string) =>
      t.request("PUT", `/api/apps/${app.id}/entities/${name}`, {
        token: owner.token,
        body: { name, type: "object", properties: { title: { type: "string" } } },
      });
    expect((await saveSchema("Task")).status).toBe(200);
    // The entity sync made a new version with the same files: still the starter.
    expect((await state(app.id, owner.token)).body).toEqual({ canUseTemplate: true });
    const clash = await fill(app.id, owner.token);
    expectError(
      clash,
      409,
      "CONFLICT",
      "This app already has an entity named Task. Delete it in the Database panel first, or start the template as a new app.",
    );
    // All or nothing: the refused fill left the starter draft and the owner's schema alone.
    const schema = await t.deps.db
      .selectFrom("entity_schemas")
      .select("schema")
      .where("appId", "=", app.id)
      .where("name", "=", "Task")
      .executeTakeFirstOrThrow();
    expect(Object.keys((schema.schema as { properties: object }).properties)).toEqual(["title"]);
    expect((await state(app.id, owner.token)).body).toEqual({ canUseTemplate: true });

    expect(
      (await t.request("DELETE", `/api/apps/${app.id}/entities/Task`, { token: owner.token })).status,
    ).toBe(200);
    expect((await saveSchema("Note")).status).toBe(200);
    const filled = await fill(app.id, owner.token);
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const names = await t.deps.db
      .selectFrom("entity_schemas")
      .select("name")
      .where("appId", "=", app.id)
      .orderBy("name")
      .execute();
    expect(names.map((n) => n.name)).toEqual(["Note", "Task"]);
  });

  it("is for the app's builders only: strangers get 404, signed-out callers 401", async () => {
    const owner = await t.signUp(uniqueEmail("fill", "own"));
    const stranger = await t.signUp(uniqueEmail("fill", "stranger"));
    const app = await createSpaceApp(t, owner.token, "Private");
    expectError(await state(app.id, stranger.token), 404, "NOT_FOUND", "App not found");
    expectError(await fill(app.id, stranger.token), 404, "NOT_FOUND", "App not found");
    expect(
      (await t.request("POST", `/api/apps/${app.id}/template`, { body: { templateId: "task-board" } }))
        .status,
    ).toBe(401);
    expectError(await fill(app.id, owner.token, "no-such-template"), 404, "NOT_FOUND", "Template not found");
    // A platform admin manages any app, so may fill it.
    expect((await fill(app.id, admin)).status).toBe(200);
    // Only space apps are filled from a space template: a single tool has no code files
    // (400), and an id that is no app of the caller's answers 404 like a stranger's.
    const tool = await t.request<any>("POST", "/api/apps", {
      token: owner.token,
      body: { appType: "tool", name: "A tool" },
    });
    expect(tool.status).toBe(201);
    expectError(await fill(tool.body.id, owner.token), 400, "BAD_REQUEST", "Only space apps have code files");
    expect((await fill("no-such-app", owner.token)).status).toBe(404);
  });
});
