import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uniqueEmail as sharedUniqueEmail } from "../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../testing/test-platform.ts";
import { SESSION_CACHE_MAX_ENTRIES, sessionCacheKeys } from "./session-middleware.ts";

/**
 * The short-lived cache of resolved sessions for reads (session-middleware.ts), through the
 * real HTTP layer: reads reuse a session, and nothing that ends a session on this instance
 * (log out, disabling, password change) lets the old token read again.
 */
describe("session middleware cache", () => {
  let t: TestPlatform;
  let adminToken: string;
  let getSession: ReturnType<typeof vi.spyOn>;
  const uniqueEmail = (label: string) => sharedUniqueEmail("session-cache", label);
  const apps = (token: string) => t.request<any>("GET", "/api/apps", { token });
  const lookups = () => getSession.mock.calls.length;

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL, TEST_PASSWORD, "Admin")).token;
    getSession = vi.spyOn(t.deps.auth.api, "getSession");
  });
  afterAll(async () => {
    await t.close();
  });

  it("reuses a resolved session for reads, on /api and on /live_api", async () => {
    const { token } = await t.signUp(uniqueEmail("reuse"));
    const app = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appType: "space", name: "Cache" },
    });
    expect(app.status).toBe(201);
    const before = lookups();
    for (let i = 0; i < 5; i++) expect((await apps(token)).status).toBe(200);
    expect(lookups() - before).toBe(1);
    // The runtime API keys on the Authorization header alone, and shares the entry.
    const schema = await t.request("GET", `/live_api/apps/${app.body.id}/entities/Nothing/schema`, { token });
    expect(schema.status).toBe(404);
    expect(lookups() - before).toBe(1);
    // Concurrent reads of a fresh token share one lookup.
    const other = await t.signUp(uniqueEmail("reuse-concurrent"));
    const start = lookups();
    const answers = await Promise.all(Array.from({ length: 8 }, () => apps(other.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(lookups() - start).toBe(1);
  });

  it("refuses the old bearer token on the very next read after log out", async () => {
    const { token } = await t.signUp(uniqueEmail("logout"));
    expect((await apps(token)).status).toBe(200);
    expect((await apps(token)).status).toBe(200); // now served from the cache
    expect((await t.request("POST", "/api/session/logout", { token })).status).toBe(200);
    expect((await apps(token)).status).toBe(401);
    expect((await t.request("GET", "/api/account/current", { token })).status).toBe(401);
    // Nor does a write work.
    expect(
      (await t.request("POST", "/api/apps", { token, body: { appType: "space", name: "x" } })).status,
    ).toBe(401);
  });

  it("refuses a cached session of a user an admin has just disabled", async () => {
    const user = await t.signUp(uniqueEmail("disabled"));
    expect((await apps(user.token)).status).toBe(200);
    expect((await apps(user.token)).status).toBe(200);
    const disable = await t.request("POST", `/api/admin/users/${user.user.id}/disabled`, {
      token: adminToken,
      body: { disabled: true },
    });
    expect(disable.status).toBe(200);
    expect((await apps(user.token)).status).toBe(401);
    // The admin's own cached session is unaffected (re-resolved, still valid).
    expect((await apps(adminToken)).status).toBe(200);
  });

  it("refuses other sessions of a user who changed the password; the changing one stays", async () => {
    const email = uniqueEmail("password");
    const first = await t.signUp(email);
    const login = await t.request<any>("POST", "/api/session/login", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    const second = login.body.token as string;
    expect((await apps(second)).status).toBe(200);
    expect((await apps(second)).status).toBe(200);
    const change = await t.request("POST", "/api/account/changePassword", {
      token: first.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: "another-horse-43" },
    });
    expect(change.status).toBe(200);
    expect((await apps(second)).status).toBe(401);
    expect((await apps(first.token)).status).toBe(200);
  });

  it("shows an e-mail change at once, on both account paths", async () => {
    const { token } = await t.signUp(uniqueEmail("email"));
    const newEmail = uniqueEmail("email-new");
    expect((await t.request("GET", "/api/live_api/account/current", { token })).status).toBe(200);
    expect((await apps(token)).status).toBe(200);
    const change = await t.request("POST", "/api/live_api/account/completeEmailChange", {
      token,
      body: { newEmail, password: TEST_PASSWORD },
    });
    expect(change.status).toBe(200);
    // The change completes from the link sent to the new address (a POST on an account path).
    const oobCode = (await t.latestLink(newEmail)).searchParams.get("oobCode");
    expect((await t.request("POST", "/api/account/confirmEmailChange", { body: { oobCode } })).status).toBe(
      200,
    );
    for (const path of ["/api/live_api/account/current", "/api/account/current"]) {
      const current = await t.request<any>("GET", path, { token });
      expect(current.body.email).toBe(newEmail);
    }
  });

  it("re-checks the session on every write, even while reads are cached", async () => {
    const { token } = await t.signUp(uniqueEmail("writes"));
    const app = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appType: "space", name: "Writes" },
    });
    expect(app.status).toBe(201);
    const entity = `/api/apps/${app.body.id}/entities/Note`;
    const schema = { name: "Note", type: "object", properties: { title: { type: "string" } } };
    expect((await t.request("PUT", entity, { token, body: schema })).status).toBe(200);
    const records = `${entity}/records`;
    expect((await t.request("GET", records, { token })).status).toBe(200);
    const before = lookups();
    for (let i = 0; i < 3; i++) {
      const res = await t.request("POST", records, { token, body: { title: `W${i}` } });
      expect(res.status).toBe(201);
    }
    expect(lookups() - before).toBe(3);
    // Revoked behind this process's back (as another instance would): the next write is
    // refused at once. A read may be answered from the cache for up to the TTL — the
    // documented cross-instance trade-off.
    await t.deps.db.deleteFrom("sessions").where("token", "=", token).execute();
    const write = await t.request("POST", records, { token, body: { title: "late" } });
    expect(write.status).toBe(401);
    expect((await t.request("GET", records, { token })).status).toBe(200);
  });

  it("answers 401, never 500, when the session lookup fails for concurrent reads", async () => {
    const { token } = await t.signUp(uniqueEmail("failing"));
    getSession.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("database unavailable");
    });
    const answers = await Promise.all(Array.from({ length: 4 }, () => apps(token)));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    // The failure is not kept: the next read resolves again.
    expect((await apps(token)).status).toBe(200);
  });

  it("keys the cache by a hash, never by the token, and bounds its size", async () => {
    const { token } = await t.signUp(uniqueEmail("keys"));
    expect((await apps(token)).status).toBe(200);
    const keys = sessionCacheKeys(t.deps);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(token);
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/); // a base64url SHA-256
    }
    // Unknown tokens are cached too (as "no session"), within the bound.
    for (let i = 0; i < 20; i++) expect((await apps(`not-a-session-${i}`)).status).toBe(401);
    expect(sessionCacheKeys(t.deps).length).toBeLessThanOrEqual(SESSION_CACHE_MAX_ENTRIES);
  });
});
