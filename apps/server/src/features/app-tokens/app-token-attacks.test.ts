import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpBuilder, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";
import { signAppToken } from "./app-token.ts";

const LOG_IN = "Please log in to continue";
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * App tokens attacked over HTTP, on a real database: every way an attacker could try to
 * pass something else for an app token (or an app token for something else) ends in 401
 * with the spec's message on each route that takes app tokens — the end-user auth API, the
 * runtime entity API, integrations — and never in a 5xx.
 */
describe("app tokens under attack", () => {
  let t: TestPlatform;
  let admin: string;
  let owner: { token: string; user: { id: string } };
  let appA: string;
  let appB: string;
  let alice: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };

  const me = (appId: string, token: string) => t.request("GET", `/live_api/apps/${appId}/auth/me`, { token });
  const records = (appId: string, token: string) =>
    t.request("GET", `/live_api/apps/${appId}/entities/Note`, { token });
  const sendMail = (appId: string, token: string) =>
    t.request("POST", `/integrations/Core/SendEmail?appId=${appId}`, { token, body: {} });
  /** Every app-token route refuses `token` for `appId` with 401 and `message` (entity API). */
  async function refusedEverywhere(appId: string, token: string, message = LOG_IN) {
    expectError(await me(appId, token), 401, "UNAUTHORIZED", LOG_IN);
    expectError(await records(appId, token), 401, "UNAUTHORIZED", message);
    expectError(await sendMail(appId, token), 401, "UNAUTHORIZED", LOG_IN);
  }
  /** The genuine token of `who`, with its payload rewritten and the signature kept. */
  function tampered(token: string, change: Record<string, unknown>): string {
    const [header, payload, signature] = token.slice(4).split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return `lat_${header}.${b64({ ...claims, ...change })}.${signature}`;
  }

  beforeAll(async () => {
    t = await createTestPlatform();
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    owner = await signUpBuilder(t, uniqueEmail("attack", "owner"), admin);
    appA = await createSignupApp(t, owner.token, { name: "A" });
    appB = await createSignupApp(t, owner.token, { name: "B" });
    const schema = {
      name: "Note",
      type: "object",
      properties: { text: { type: "string" } },
      permissions: { read: "all", write: "all" },
    };
    for (const appId of [appA, appB])
      expect(
        (await t.request("PUT", `/api/apps/${appId}/entities/Note`, { token: owner.token, body: schema }))
          .status,
      ).toBe(200);
    alice = await signUpEndUser(t, appA, uniqueEmail("attack", "alice"));
    bob = await signUpEndUser(t, appA, uniqueEmail("attack", "bob"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a genuine token works on every app-token route of its app", async () => {
    expect((await me(appA, alice.token)).status).toBe(200);
    expect((await records(appA, alice.token)).status).toBe(200);
    // Reaches the integration (and fails there on its missing fields), past the token check.
    expect((await sendMail(appA, alice.token)).status).toBe(400);
  });

  it("refuses alg none and tokens signed with another key, the raw secret or another algorithm", async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: alice.user.id,
      aud: appA,
      iss: t.deps.config.publicUrl,
      iat: now,
      exp: now + 3600,
      kind: "user",
      gen: 0,
    };
    const sign = (alg: string, key: Uint8Array) =>
      new SignJWT(payload).setProtectedHeader({ alg, typ: "lat+jwt" }).sign(key);
    const secret = new TextEncoder().encode(t.deps.config.authSecret);
    for (const jws of [
      `${b64({ alg: "none", typ: "lat+jwt" })}.${b64(payload)}.`,
      `${b64({ alg: "none" })}.${b64({ ...payload, kind: "admin", sub: owner.user.id })}.`,
      await sign("HS256", secret),
      await sign("HS512", secret),
      await sign("HS256", new Uint8Array(32)),
    ])
      await refusedEverywhere(appA, `lat_${jws}`);
  });

  it("refuses a tampered payload: another subject, another app, admin rights, a later expiry", async () => {
    for (const change of [
      { sub: bob.user.id },
      { aud: appB },
      { kind: "admin", sub: owner.user.id },
      { gen: 1 },
      { exp: Math.floor(Date.now() / 1000) + 10 * 365 * 24 * 3600 },
    ])
      await refusedEverywhere(appA, tampered(alice.token, change));
    expect((await me(appA, alice.token)).status).toBe(200);
  });

  it("a token of app A is refused on app B", async () => {
    await refusedEverywhere(appB, alice.token, "This session belongs to another app");
    const preview = await t.request<{ token: string }>("POST", `/api/apps/${appA}/preview-token`, {
      token: owner.token,
    });
    expect(preview.status).toBe(200);
    await refusedEverywhere(appB, preview.body.token, "This session belongs to another app");
    // Nor may it open app B's draft, where A's preview token opens A's.
    const bundle = (appId: string) =>
      t.request("GET", `/runtime/bundle?appId=${appId}&channel=draft`, { token: preview.body.token });
    expect((await bundle(appA)).status).not.toBe(403);
    expect((await bundle(appB)).status).toBe(403);
    // An end user's token is never the app's admin.
    expect(
      (await t.request("GET", `/runtime/bundle?appId=${appA}&channel=draft`, { token: alice.token })).status,
    ).toBe(403);
  });

  it("a platform session is no app token, and an app token is no platform session", async () => {
    // The platform bearer on the end-user API: not an app token, so nobody is signed in there.
    expectError(await me(appA, owner.token), 401, "UNAUTHORIZED", LOG_IN);
    // Dressed up as one, it is refused everywhere.
    await refusedEverywhere(appA, `lat_${owner.token}`);
    // An app token, with or without its prefix, opens no platform route.
    const jws = alice.token.slice(4);
    for (const token of [alice.token, jws]) {
      expectError(await t.request("GET", "/api/account/current", { token }), 401, "UNAUTHORIZED", LOG_IN);
      expect((await t.request("GET", "/api/apps", { token })).status).toBe(401);
      expect((await t.request("GET", `/api/apps/${appA}/users`, { token })).status).toBe(401);
    }
    // The bare JWS on the app routes is not an app token either.
    expectError(await me(appA, jws), 401, "UNAUTHORIZED", LOG_IN);
  });

  it("refuses an expired token", async () => {
    const longAgo = Date.now() - 31 * 24 * 3600 * 1000;
    const expired = await signAppToken(
      t.deps.config,
      { appId: appA, subjectId: alice.user.id, kind: "user" },
      longAgo,
    );
    await refusedEverywhere(appA, expired);
    const preview = await signAppToken(
      t.deps.config,
      { appId: appA, subjectId: owner.user.id, kind: "admin" },
      Date.now() - 2 * 3600 * 1000 - 10_000,
    );
    await refusedEverywhere(appA, preview);
  });

  it("refuses a token of the old hand-signed format with 401, not a crash", async () => {
    const body = b64({ a: appA, s: alice.user.id, k: "user", e: Math.floor(Date.now() / 1000) + 3600, g: 0 });
    const mac = createHmac("sha256", `app-token:${t.deps.config.authSecret}`)
      .update(body)
      .digest("base64url");
    await refusedEverywhere(appA, `lat_${body}.${mac}`);
  });

  it("refuses the tokens of a disabled builder and of a logged-out end user", async () => {
    const builder = await signUpBuilder(t, uniqueEmail("attack", "builder"), admin);
    const app = await createSignupApp(t, builder.token, { name: "Disabled" });
    const preview = await t.request<{ token: string }>("POST", `/api/apps/${app}/preview-token`, {
      token: builder.token,
    });
    expect((await me(app, preview.body.token)).status).toBe(200);
    const disabled = await t.request("POST", `/api/admin/users/${builder.user.id}/disabled`, {
      token: admin,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expectError(await me(app, preview.body.token), 401, "UNAUTHORIZED", LOG_IN);
    expectError(
      await t.request("GET", `/live_api/apps/${app}/entities/Note`, { token: preview.body.token }),
      401,
      "UNAUTHORIZED",
      LOG_IN,
    );
    expect(
      (
        await t.request("POST", "/api/session/login", {
          body: { email: builder.user.email, password: TEST_PASSWORD },
        })
      ).status,
    ).not.toBe(200);

    const carol = await signUpEndUser(t, appA, uniqueEmail("attack", "carol"));
    expect((await records(appA, carol.token)).status).toBe(200);
    expect(
      (await t.request("POST", `/live_api/apps/${appA}/auth/logout`, { token: carol.token })).status,
    ).toBe(200);
    await refusedEverywhere(appA, carol.token);
  });

  it("answers huge and garbage Authorization headers with 401, never a 5xx", async () => {
    const headers = [
      `Bearer lat_${"A".repeat(100_000)}`,
      `Bearer lat_${"a.".repeat(50_000)}`,
      `Bearer ${"x".repeat(100_000)}`,
      "Bearer lat_",
      "Bearer lat_...",
      "Bearer lat_e30.e30.e30",
      `Bearer lat_${b64({ alg: "HS256", crit: ["exp"], exp: 1 })}.${b64({})}.AAAA`,
      `Bearer lat_${b64({ alg: "HS256", typ: "lat+jwt" })}.${Buffer.from('{"__proto__":{"kind":"admin"}}').toString("base64url")}.AAAA`,
      `Bearer lat_${b64({ alg: "HS256" }).replace(/.$/, "\u00ff")}.e30.`,
      "Bearer lat_\u00ff\u00fe\u00fd",
      `Bearer lat_${alice.token.slice(4)}${"=".repeat(1000)}`,
      "Bearer",
      "Bearer ",
      `Basic ${Buffer.from(`${alice.token}:x`).toString("base64")}`,
      `bearer ${alice.token}x`,
      `Bearer lat_${alice.token.slice(4).split(".").reverse().join(".")}`,
    ];
    for (const authorization of headers) {
      const answers = await Promise.all([
        t.request("GET", `/live_api/apps/${appA}/auth/me`, { headers: { authorization } }),
        t.request("PUT", `/live_api/apps/${appA}/auth/me`, { headers: { authorization }, body: { a: 1 } }),
        t.request("POST", `/live_api/apps/${appA}/auth/logout`, { headers: { authorization } }),
        t.request("GET", `/live_api/apps/${appA}/entities/Note`, { headers: { authorization } }),
        t.request("POST", `/live_api/apps/${appA}/entities/Note`, { headers: { authorization }, body: {} }),
        t.request("POST", `/integrations/Core/SendEmail?appId=${appA}`, {
          headers: { authorization },
          body: {},
        }),
        t.request("GET", `/runtime/bundle?appId=${appA}&channel=draft`, { headers: { authorization } }),
        t.request("GET", "/api/account/current", { headers: { authorization } }),
      ]);
      const statuses = answers.map((answer) => answer.status);
      const label = authorization.slice(0, 60);
      expect(
        statuses.every((status) => status < 500),
        `${label}: ${statuses}`,
      ).toBe(true);
      // The end-user profile and integrations need a caller; the platform needs a session.
      for (const index of [0, 1, 5, 7]) expect(statuses[index], `${label}: ${statuses}`).toBe(401);
      // Logout without a token it can use answers ok and revokes nothing.
      expect(statuses[2], label).toBe(200);
    }
    // Nothing above logged alice out.
    expect((await me(appA, alice.token)).status).toBe(200);
  });
});
