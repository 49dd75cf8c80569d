import { randomUUID } from "node:crypto";
import { appSummarySchema, planLimits } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";

/** App CRUD, ownership and the lite plan's limits through the real HTTP layer. */
describe("app routes", () => {
  let t: TestPlatform;
  let adminToken: string;
  const uniqueEmail = (label: string) => sharedUniqueEmail("apps", label);
  const lite = planLimits(null);

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL, TEST_PASSWORD, "Admin")).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const createApp = (token: string, appType: string, name: string) =>
    t.request<any>("POST", "/api/apps", { token, body: { appType, name } });
  const listApps = (token: string) => t.request<any>("GET", "/api/apps", { token });
  const newUser = async (label: string) => (await t.signUp(uniqueEmail(label))).token;
  /** A user on the builder plan (5 space apps): for tests that need several apps. */
  const newBuilder = async (label: string) => {
    const session = await t.signUp(uniqueEmail(label));
    const res = await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
      token: adminToken,
      body: { plan: "builder" },
    });
    expect(res.status).toBe(200);
    return session.token;
  };
  /**
   * A generated app or single tool written straight to the database (fast set-up of many
   * apps past the per-kind limits): they count towards the plan's overall limit.
   */
  const insertEarlierApp = async (userId: string, kind: "generated" | "tool", name: string) => {
    const account = await t.deps.db
      .selectFrom("accounts")
      .select("id")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto("apps")
      .values({
        id: randomUUID(),
        accountId: account.id,
        kind,
        name,
        slug: `earlier-${randomUUID()}`,
        data: "{}",
      })
      .execute();
  };

  describe("CRUD", () => {
    it("creates a space app with its fields and a slug", async () => {
      const token = await newBuilder("kinds");
      const cases = [
        ["My Space App", /^my-space-app-[0-9a-f]{6}$/],
        ["  Café Space!  ", /^cafe-space-[0-9a-f]{6}$/],
        ["🚀🚀", /^app-[0-9a-f]{6}$/],
      ] as const;
      for (const [name, slug] of cases) {
        const before = Date.now();
        const res = await createApp(token, "space", name);
        expect(res.status).toBe(201);
        const app = appSummarySchema.strict().parse(res.body);
        expect(app).toEqual({
          id: expect.any(String),
          name: name.trim(),
          kind: "space",
          slug: expect.stringMatching(slug),
          status: "draft",
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          // The starter page is its first version (create-blank-app.test.ts).
          draftVersionId: expect.any(String),
          publishedVersionId: null,
          publishedAt: null,
          customHost: null,
        });
        expect(new Date(app.createdAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
        expect(new Date(app.createdAt).getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      }
    });

    it("creates generated apps and single tools with their starting document, within the kind's limit", async () => {
      const token = await newUser("gen-kinds");
      const gen = await createApp(token, "generated", "Trip ideas");
      const tool = await createApp(token, "tool", "Cover letter");
      expect(gen.status).toBe(201);
      expect(tool.status).toBe(201);
      expect(gen.body).toMatchObject({ kind: "generated", status: "draft", draftVersionId: null });
      const genDoc = await t.request<any>("GET", `/api/apps/${gen.body.id}/saved-app`, { token });
      expect(genDoc.status).toBe(200);
      expect(genDoc.body.app).toMatchObject({ appBuilderVersion: 4, header: "Trip ideas", tools: [] });
      const toolDoc = await t.request<any>("GET", `/api/apps/${tool.body.id}/saved-app`, { token });
      expect(toolDoc.body.app.tools).toEqual([
        expect.objectContaining({ title: "Cover letter", status: "draft", path: expect.any(String) }),
      ]);
      // Lite holds one generated app: the second is refused with its reason and writes nothing.
      const second = await createApp(token, "generated", "Another");
      expectError(
        second,
        403,
        "PLAN_LIMIT",
        `Your plan allows ${lite.maxGenApps} generated app. Upgrade your plan to create more.`,
      );
      expect(second.body.error.details).toEqual({ reason: "max_gen_apps", limit: lite.maxGenApps });
      expect((await listApps(token)).body.apps).toHaveLength(2);
    });

    it("gives two apps with the same name different slugs", async () => {
      const token = await newBuilder("slugs");
      const a = await createApp(token, "space", "Same Name");
      const b = await createApp(token, "space", "Same Name");
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(a.body.slug).not.toBe(b.body.slug);
      expect(a.body.id).not.toBe(b.body.id);
    });

    it("lists the user's apps newest first", async () => {
      const token = await newBuilder("list");
      expect((await listApps(token)).body).toEqual({ apps: [] });
      const created = [];
      for (const name of ["First", "Second", "Third"]) {
        created.push((await createApp(token, "space", name)).body);
      }
      const res = await listApps(token);
      expect(res.status).toBe(200);
      expect(res.body.apps).toEqual([...created].reverse());
    });

    it("gets, renames and deletes an app", async () => {
      const token = await newUser("crud");
      const app = (await createApp(token, "space", "Original")).body;

      const got = await t.request<any>("GET", `/api/apps/${app.id}`, { token });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(app);

      const renamed = await t.request<any>("PATCH", `/api/apps/${app.id}`, {
        token,
        body: { name: "  Renamed  " },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        id: app.id,
        name: "Renamed",
        kind: "space",
        slug: app.slug,
        createdAt: app.createdAt,
      });
      expect(new Date(renamed.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(app.updatedAt).getTime(),
      );
      expect((await t.request<any>("GET", `/api/apps/${app.id}`, { token })).body.name).toBe("Renamed");

      const deleted = await t.request<any>("DELETE", `/api/apps/${app.id}`, { token });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ok: true });
      expectError(
        await t.request("GET", `/api/apps/${app.id}`, { token }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expectError(
        await t.request("DELETE", `/api/apps/${app.id}`, { token }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expect((await listApps(token)).body.apps).toEqual([]);
    });

    it("validates names on create and rename", async () => {
      const token = await newUser("validate");
      const app = (await createApp(token, "space", "Valid")).body;
      for (const name of ["", "   "]) {
        const create = await createApp(token, "space", name);
        expectError(create, 400, "VALIDATION_FAILED", "name: App name cannot be empty");
        const rename = await t.request<any>("PATCH", `/api/apps/${app.id}`, { token, body: { name } });
        expectError(rename, 400, "VALIDATION_FAILED", "name: App name cannot be empty");
      }
      const tooLong = await t.request<any>("PATCH", `/api/apps/${app.id}`, {
        token,
        body: { name: "x".repeat(81) },
      });
      expectError(tooLong, 400, "VALIDATION_FAILED", "name: App name can be at most 80 characters");
      const badKind = await createApp(token, "website", "Nope");
      expect(badKind.status).toBe(400);
      expect(badKind.body.error.code).toBe("VALIDATION_FAILED");
      expect(badKind.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(["appType"]);
      // Nothing changed.
      expect((await listApps(token)).body.apps).toEqual([app]);
    });

    it("hides another user's app: 404 for get, rename and delete", async () => {
      const owner = await newUser("owner");
      const stranger = await newUser("stranger");
      const app = (await createApp(owner, "space", "Private")).body;
      expectError(
        await t.request("GET", `/api/apps/${app.id}`, { token: stranger }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expectError(
        await t.request("PATCH", `/api/apps/${app.id}`, { token: stranger, body: { name: "Mine now" } }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expectError(
        await t.request("DELETE", `/api/apps/${app.id}`, { token: stranger }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expect((await listApps(stranger)).body.apps).toEqual([]);
      // Untouched for the owner.
      expect((await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner })).body).toEqual(app);
      // An id that does not exist at all answers the same.
      expectError(
        await t.request("GET", "/api/apps/00000000-0000-0000-0000-000000000000", { token: owner }),
        404,
        "NOT_FOUND",
        "App not found",
      );
    });

    it("answers 401 without a token", async () => {
      const owner = await newUser("anon-owner");
      const app = (await createApp(owner, "space", "Anon")).body;
      const calls: [string, string, unknown][] = [
        ["GET", "/api/apps", undefined],
        ["POST", "/api/apps", { appType: "space", name: "X" }],
        ["GET", `/api/apps/${app.id}`, undefined],
        ["PATCH", `/api/apps/${app.id}`, { name: "X" }],
        ["DELETE", `/api/apps/${app.id}`, undefined],
      ];
      for (const [method, path, body] of calls) {
        expectError(
          await t.request(method, path, { body }),
          401,
          "UNAUTHORIZED",
          "Please log in to continue",
        );
        expectError(
          await t.request(method, path, { body, token: "bogus" }),
          401,
          "UNAUTHORIZED",
          "Please log in to continue",
        );
      }
      expect((await t.request<any>("GET", `/api/apps/${app.id}`, { token: owner })).body.name).toBe("Anon");
    });
  });

  describe("plan limits", () => {
    it("uses the lite numbers this suite expects", () => {
      expect({ maxApps: lite.maxApps, maxGenApps: lite.maxGenApps, maxSpaceApps: lite.maxSpaceApps }).toEqual(
        {
          maxApps: 3,
          maxGenApps: 1,
          maxSpaceApps: 1,
        },
      );
    });

    it("enforces max_space_apps and max_apps on lite, lifted by the builder plan", async () => {
      const session = await t.signUp(uniqueEmail("limits"));
      const token = session.token;

      expect((await createApp(token, "space", "Space 1")).status).toBe(201);
      const space2 = await createApp(token, "space", "Space 2");
      expectError(
        space2,
        403,
        "PLAN_LIMIT",
        "Your plan allows 1 space app. Upgrade your plan to create more.",
      );
      expect(space2.body.error.details).toEqual({ reason: "max_space_apps", limit: lite.maxSpaceApps });
      // The account counts each limited kind, for the New app dialog's meter.
      const counted = (await t.request<any>("GET", "/api/account/current", { token })).body;
      expect(counted).toMatchObject({ spaceAppsCount: 1, maxSpaceApps: lite.maxSpaceApps, genAppsCount: 0 });

      // Generated apps and single tools count towards the overall limit too.
      await insertEarlierApp(session.user.id, "generated", "Earlier generated app");
      for (let i = 3; i <= lite.maxApps; i++) await insertEarlierApp(session.user.id, "tool", `Tool ${i}`);
      const over = await createApp(token, "space", "One too many");
      expectError(
        over,
        403,
        "PLAN_LIMIT",
        `Your plan allows ${lite.maxApps} apps. Upgrade your plan to create more.`,
      );
      expect(over.body.error.details).toEqual({ reason: "max_apps", limit: lite.maxApps });
      // Every kind is refused once the overall limit is reached.
      expect((await createApp(token, "tool", "Tool again")).body.error.details.reason).toBe("max_apps");
      expect((await listApps(token)).body.apps).toHaveLength(lite.maxApps);
      const account = (await t.request<any>("GET", "/api/account/current", { token })).body;
      expect(account.appsCount).toBe(lite.maxApps);
      expect(account.maxApps).toBe(lite.maxApps);

      const upgrade = await t.request<any>("POST", `/api/admin/users/${session.user.id}/plan`, {
        token: adminToken,
        body: { plan: "builder" },
      });
      expect(upgrade.status).toBe(200);
      expect(upgrade.body.plan).toBe("builder");

      const builder = planLimits("builder");
      expect(builder.maxApps).toBeGreaterThan(lite.maxApps + 2);
      expect(builder.maxSpaceApps).toBeGreaterThan(lite.maxSpaceApps + 1);
      expect((await createApp(token, "space", "Space 2")).status).toBe(201);
      expect((await createApp(token, "space", "Space 3")).status).toBe(201);
      expect((await createApp(token, "tool", "Another tool")).status).toBe(201);
      expect((await listApps(token)).body.apps).toHaveLength(lite.maxApps + 3);
    });

    it("frees a slot when an app is deleted", async () => {
      const token = await newUser("free-slot");
      const space = (await createApp(token, "space", "Space")).body;
      expect((await createApp(token, "space", "Space 2")).status).toBe(403);
      expect((await t.request("DELETE", `/api/apps/${space.id}`, { token })).status).toBe(200);
      expect((await createApp(token, "space", "Space 2")).status).toBe(201);
    });

    it("never exceeds the overall limit under concurrent creates", async () => {
      const session = await t.signUp(uniqueEmail("race-total"));
      const token = session.token;
      // One slot left, taken by apps from before (see insertEarlierApp); four creates race for it.
      for (let i = 1; i < lite.maxApps; i++) await insertEarlierApp(session.user.id, "tool", `Tool ${i}`);
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => createApp(token, "space", `Racer ${i}`)),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201)).toHaveLength(3);
      for (const r of results.filter((r) => r.status !== 201)) {
        expectError(
          r,
          403,
          "PLAN_LIMIT",
          `Your plan allows ${lite.maxApps} apps. Upgrade your plan to create more.`,
        );
        expect(r.body.error.details.reason).toBe("max_apps");
      }
      expect((await listApps(token)).body.apps).toHaveLength(lite.maxApps);
    });

    it("never exceeds a per-kind limit under concurrent creates", async () => {
      const token = await newUser("race-kind");
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => createApp(token, "space", `Space racer ${i}`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(4 - lite.maxSpaceApps).fill(403)]);
      for (const r of results.filter((r) => r.status === 403)) {
        expect(r.body.error.code).toBe("PLAN_LIMIT");
        expect(r.body.error.details.reason).toBe("max_space_apps");
      }
      const apps = (await listApps(token)).body.apps;
      expect(apps.filter((a: { kind: string }) => a.kind === "space")).toHaveLength(lite.maxSpaceApps);
    });
  });
});
