import { adminUserSchema, adminUsersResponseSchema, planLimits } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";

/** The platform admin's user management through the real HTTP layer. */
describe("admin routes", () => {
  let t: TestPlatform;
  let adminToken: string;
  let adminUserId: string;
  const uniqueEmail = (label: string) => sharedUniqueEmail("admin", label);
  const UNKNOWN_USER = "00000000-0000-0000-0000-000000000000";

  beforeAll(async () => {
    t = await createTestPlatform();
    const admin = await t.signUp(TEST_ADMIN_EMAIL, TEST_PASSWORD, "Admin");
    adminToken = admin.token;
    adminUserId = admin.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (q?: string) => {
    const path = q === undefined ? "/api/admin/users" : `/api/admin/users?q=${encodeURIComponent(q)}`;
    const res = await t.request<any>("GET", path, { token: adminToken });
    expect(res.status).toBe(200);
    return adminUsersResponseSchema.parse(res.body).users;
  };
  const setPlan = (userId: string, plan: unknown, token = adminToken) =>
    t.request<any>("POST", `/api/admin/users/${userId}/plan`, { token, body: { plan } });
  const setDisabled = (userId: string, disabled: unknown, token = adminToken) =>
    t.request<any>("POST", `/api/admin/users/${userId}/disabled`, { token, body: { disabled } });
  const logIn = (email: string, password = TEST_PASSWORD) =>
    t.request<any>("POST", "/api/session/login", { body: { email, password } });

  describe("access", () => {
    it("refuses a signed-in non-admin with 403 on every admin route", async () => {
      const user = await t.signUp(uniqueEmail("plain"));
      const forbidden = [
        await t.request("GET", "/api/admin/users", { token: user.token }),
        await t.request("GET", "/api/admin/users?q=a", { token: user.token }),
        await setPlan(user.user.id, "galaxy", user.token),
        await setDisabled(adminUserId, true, user.token),
      ];
      for (const res of forbidden) expectError(res, 403, "FORBIDDEN", "Only platform admins can do this");
      // Nothing changed.
      expect(
        (await t.request<any>("GET", "/api/account/current", { token: user.token })).body.plan,
      ).toBeNull();
      expect((await t.request("GET", "/api/account/current", { token: adminToken })).status).toBe(200);
    });

    it("refuses anonymous callers with 401", async () => {
      const user = await t.signUp(uniqueEmail("anon-target"));
      for (const res of [
        await t.request("GET", "/api/admin/users"),
        await t.request("POST", `/api/admin/users/${user.user.id}/plan`, { body: { plan: "galaxy" } }),
        await t.request("POST", `/api/admin/users/${user.user.id}/disabled`, { body: { disabled: true } }),
        await t.request("GET", "/api/admin/users", { token: "bogus-token" }),
      ]) {
        expectError(res, 401, "UNAUTHORIZED", "Please log in to continue");
      }
    });
  });

  describe("list and search", () => {
    it("lists users with their account state", async () => {
      const email = uniqueEmail("listed");
      const user = await t.signUp(email, TEST_PASSWORD, "Listed Person");
      await t.request("POST", "/api/apps", { token: user.token, body: { appType: "space", name: "Space" } });
      const users = await search();
      const row = users.find((u) => u.userId === user.user.id);
      expect(adminUserSchema.strict().parse(row)).toEqual({
        userId: user.user.id,
        accountId: expect.any(String),
        email,
        name: "Listed Person",
        emailVerified: false,
        plan: null,
        disabled: false,
        isAdmin: false,
        appsCount: 1,
        createdAt: expect.any(String),
      });
      const admin = users.find((u) => u.userId === adminUserId);
      expect(admin).toMatchObject({ email: TEST_ADMIN_EMAIL, isAdmin: true });
      // Newest first.
      const times = users.map((u) => new Date(u.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("searches by e-mail fragment and by name, case-insensitively", async () => {
      const tag = uniqueEmail("tag").replace(/\W/g, "").slice(0, 40);
      const alice = await t.signUp(`alice.${tag}@example.test`, TEST_PASSWORD, `Zelda Quokka ${tag}`);
      const bob = await t.signUp(`bob.${tag}@example.test`, TEST_PASSWORD, "Bob Builder");

      expect((await search(`alice.${tag}`)).map((u) => u.userId)).toEqual([alice.user.id]);
      expect((await search(`ALICE.${tag}@EXAMPLE`)).map((u) => u.userId)).toEqual([alice.user.id]);
      expect((await search(`quokka ${tag}`)).map((u) => u.userId)).toEqual([alice.user.id]);
      expect((await search(`  zelda QUOKKA ${tag}  `)).map((u) => u.userId)).toEqual([alice.user.id]);
      expect((await search(`${tag}@example.test`)).map((u) => u.userId).sort()).toEqual(
        [alice.user.id, bob.user.id].sort(),
      );
      expect(await search(`nobody-matches-${tag}`)).toEqual([]);
      // A blank query lists everyone.
      const everyone = await search("   ");
      expect(everyone.map((u) => u.userId)).toEqual(
        expect.arrayContaining([alice.user.id, bob.user.id, adminUserId]),
      );
    });

    it("treats LIKE wildcards in the query as literal text", async () => {
      const tag = uniqueEmail("tag").replace(/\W/g, "").slice(0, 40);
      const underscore = await t.signUp(`wild${tag}_ab@example.test`, TEST_PASSWORD, "Under Score");
      const lookalike = await t.signUp(`wild${tag}xab@example.test`, TEST_PASSWORD, "Look Alike");
      const percent = await t.signUp(uniqueEmail("percent"), TEST_PASSWORD, `Sale 100% ${tag}`);
      const backslash = await t.signUp(uniqueEmail("backslash"), TEST_PASSWORD, `Back\\slash ${tag}`);

      expect((await search(`wild${tag}_ab`)).map((u) => u.userId)).toEqual([underscore.user.id]);
      expect((await search(`wild${tag}xab`)).map((u) => u.userId)).toEqual([lookalike.user.id]);
      expect((await search(`${tag}_`)).map((u) => u.userId)).toEqual([underscore.user.id]);
      expect((await search("100%")).map((u) => u.userId)).toEqual([percent.user.id]);
      expect((await search("%")).map((u) => u.userId)).toEqual([percent.user.id]);
      expect((await search(`100%${tag}`)).map((u) => u.userId)).toEqual([]);
      expect((await search("\\")).map((u) => u.userId)).toEqual([backslash.user.id]);
      expect((await search(`back\\slash ${tag}`)).map((u) => u.userId)).toEqual([backslash.user.id]);
    });
  });

  describe("plan", () => {
    it("sets a plan and the account shows the new limits at once", async () => {
      const email = uniqueEmail("plan");
      const user = await t.signUp(email);
      const res = await setPlan(user.user.id, "builder");
      expect(res.status).toBe(200);
      expect(adminUserSchema.parse(res.body)).toMatchObject({ userId: user.user.id, email, plan: "builder" });

      const builder = planLimits("builder");
      const account = (await t.request<any>("GET", "/api/account/current", { token: user.token })).body;
      expect(account).toMatchObject({
        plan: "builder",
        planSubscriptionStatus: "alive",
        maxApps: builder.maxApps,
        maxGenApps: builder.maxGenApps,
        maxSpaceApps: builder.maxSpaceApps,
        maxToolsPerApp: builder.maxToolsPerApp,
        appRunsTotal: builder.appRunsTotal,
        appGenerationsTotal: builder.appGenerationsTotal,
        dataProcessingTotal: builder.dataProcessingTotal,
        builderChatMessagesTotal: builder.builderChatMessagesTotal,
        hasBusinessInfo: true,
      });
      expect((await search(email))[0]!.plan).toBe("builder");

      // Back to no plan: lite numbers again.
      const reset = await setPlan(user.user.id, null);
      expect(reset.status).toBe(200);
      expect(reset.body.plan).toBeNull();
      const lite = planLimits(null);
      const after = (await t.request<any>("GET", "/api/account/current", { token: user.token })).body;
      expect(after).toMatchObject({
        plan: null,
        planSubscriptionStatus: null,
        maxApps: lite.maxApps,
        maxGenApps: lite.maxGenApps,
        appRunsTotal: lite.appRunsTotal,
        hasBusinessInfo: false,
      });
    });

    it("rejects an unknown plan with 400 and leaves the plan alone", async () => {
      const user = await t.signUp(uniqueEmail("bad-plan"));
      for (const plan of ["platinum", "", 3, "BUILDER"]) {
        const res = await setPlan(user.user.id, plan);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("VALIDATION_FAILED");
        expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(["plan"]);
      }
      const missing = await t.request<any>("POST", `/api/admin/users/${user.user.id}/plan`, {
        token: adminToken,
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(
        (await t.request<any>("GET", "/api/account/current", { token: user.token })).body.plan,
      ).toBeNull();
    });

    it("answers 404 for an unknown user", async () => {
      expectError(await setPlan(UNKNOWN_USER, "builder"), 404, "NOT_FOUND", "User not found");
    });
  });

  describe("disable and enable", () => {
    it("disabling ends the user's sessions and blocks login; enabling lets them back in", async () => {
      const email = uniqueEmail("disable");
      const user = await t.signUp(email);
      const second = await logIn(email);
      expect(second.status).toBe(200);

      const res = await setDisabled(user.user.id, true);
      expect(res.status).toBe(200);
      expect(adminUserSchema.parse(res.body)).toMatchObject({ userId: user.user.id, email, disabled: true });
      expect((await search(email))[0]!.disabled).toBe(true);

      for (const token of [user.token, second.body.token]) {
        expectError(
          await t.request("GET", "/api/account/current", { token }),
          401,
          "UNAUTHORIZED",
          "Please log in to continue",
        );
        expect((await t.request("POST", "/api/session/refresh", { token })).status).toBe(401);
      }
      expectError(await logIn(email), 403, "USER_DISABLED", "User is disabled, contact us for more info");
      expectError(
        await logIn(` ${email.toUpperCase()} `),
        403,
        "USER_DISABLED",
        "User is disabled, contact us for more info",
      );

      const enabled = await setDisabled(user.user.id, false);
      expect(enabled.status).toBe(200);
      expect(enabled.body.disabled).toBe(false);
      const login = await logIn(email);
      expect(login.status).toBe(200);
      expect((await t.request("GET", "/api/account/current", { token: login.body.token })).status).toBe(200);
      // Old sessions stay ended.
      expect((await t.request("GET", "/api/account/current", { token: user.token })).status).toBe(401);
    });

    it("a disabled user's wrong password still reads 'Invalid email or password'", async () => {
      const email = uniqueEmail("disabled-wrong");
      const user = await t.signUp(email);
      expect((await setDisabled(user.user.id, true)).status).toBe(200);
      expectError(
        await logIn(email, "wrong-password-1"),
        401,
        "INVALID_CREDENTIALS",
        "Invalid email or password",
      );
    });

    it("does not let the admin disable themself", async () => {
      expectError(
        await setDisabled(adminUserId, true),
        409,
        "CONFLICT",
        "You cannot disable your own account",
      );
      expect((await t.request("GET", "/api/account/current", { token: adminToken })).status).toBe(200);
      expect((await search(TEST_ADMIN_EMAIL))[0]!.disabled).toBe(false);
    });

    it("answers 404 for an unknown user and 400 for a malformed body", async () => {
      expectError(await setDisabled(UNKNOWN_USER, true), 404, "NOT_FOUND", "User not found");
      const user = await t.signUp(uniqueEmail("bad-body"));
      const res = await setDisabled(user.user.id, "yes");
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    });
  });
});
