import { createHash, randomBytes } from "node:crypto";
import type { SessionResponse } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOAuthProvider,
  type FakeOAuthUser,
  startFakeOAuthProvider,
} from "../../testing/fake-oauth-provider.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

const APP_ORIGIN = "http://localhost:3000";
const SESSION_COOKIE = "better-auth.session_token";
const HANDLER = "/auth/handler?mode=social&popup=1";

type Provider = "google" | "github";

/** The browser's cookies for the app's origin, as Set-Cookie headers leave them. */
type CookieJar = Map<string, string>;

function storeCookies(jar: CookieJar, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

function cookieHeaders(jar: CookieJar): Record<string, string> {
  return jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") } : {};
}

let userCounter = 0;
function testUser(email: string, overrides: Partial<FakeOAuthUser> = {}): FakeOAuthUser {
  userCounter += 1;
  return {
    id: String(4_000_000 + userCounter),
    email,
    emailVerified: true,
    name: `Social ${userCounter}`,
    ...overrides,
  };
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

describe("social sign-in when no provider is configured", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists no providers", async () => {
    const res = await t.request<{ providers: string[] }>("GET", "/api/session/providers");
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([]);
  });

  it("answers 404 for a known but unconfigured provider", async () => {
    for (const provider of ["google", "github"]) {
      const res = await t.request<any>("GET", `/auth/social/${provider}?popup=1`);
      expect(res.status, provider).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      expect(res.headers.get("location")).toBeNull();
    }
  });
});

describe("social sign-in through a fake Google and GitHub", () => {
  let t: TestPlatform;
  let fake: FakeOAuthProvider;

  beforeAll(async () => {
    // The provider must be up first: the auth library reads Google's discovery document
    // when it starts.
    fake = await startFakeOAuthProvider({ user: testUser("first@social.test") });
    t = await createTestPlatform(fake.env);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  type Tampering = {
    /** Edit the authorization request on its way to the provider. */
    authorizeUrl?: (url: URL) => void;
    /** Edit the provider's answer on its way back to the app. */
    callbackUrl?: (url: URL) => void;
    /** Call the callback from a browser that never started the sign-in. */
    withoutStateCookie?: boolean;
  };

  /** What a browser does in the popup, step by step, up to the app's OAuth callback. */
  async function socialSignIn(provider: Provider, tampering: Tampering = {}) {
    const jar: CookieJar = new Map();
    const start = await t.request("GET", `/auth/social/${provider}?popup=1`);
    expect(start.status).toBe(302);
    storeCookies(jar, start.headers);
    expect(jar.size).toBeGreaterThan(0);
    const authorizeUrl = new URL(start.headers.get("location") ?? "");
    expect(authorizeUrl.origin).toBe(fake.url);
    tampering.authorizeUrl?.(authorizeUrl);

    const consent = await fetch(authorizeUrl, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callbackUrl = new URL(consent.headers.get("location") ?? "");
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(
      `${APP_ORIGIN}/api/auth/callback/${provider}`,
    );
    tampering.callbackUrl?.(callbackUrl);

    const callbackPath = `${callbackUrl.pathname}${callbackUrl.search}`;
    const callbackHeaders = tampering.withoutStateCookie ? {} : cookieHeaders(jar);
    const callback = await t.request("GET", callbackPath, { headers: callbackHeaders });
    const stateCookies = new Map(jar);
    storeCookies(jar, callback.headers);
    return {
      status: callback.status,
      location: callback.headers.get("location") ?? "",
      sessionCookie: jar.get(SESSION_COOKIE),
      jar,
      authorizeUrl,
      callbackPath,
      stateCookies,
    };
  }

  async function exchange(jar: CookieJar) {
    return t.request<SessionResponse>("POST", "/api/session/exchange", { headers: cookieHeaders(jar) });
  }

  /** The whole popup flow plus the exchange the handler page performs. */
  async function signInAs(provider: Provider, user: FakeOAuthUser): Promise<SessionResponse> {
    fake.setUser(user);
    const flow = await socialSignIn(provider);
    expect(flow.status).toBe(302);
    expect(flow.location).toBe(HANDLER);
    expect(flow.sessionCookie).toBeTruthy();
    const res = await exchange(flow.jar);
    expect(res.status).toBe(200);
    return res.body;
  }

  function expectFailed(flow: Awaited<ReturnType<typeof socialSignIn>>, error: string | RegExp) {
    expect(flow.status).toBe(302);
    // Failures land on the handler page with an error (the popup reports it to the opener),
    // never on the success target and never with a session.
    expect(flow.location).not.toBe(HANDLER);
    const target = new URL(flow.location, APP_ORIGIN);
    expect(target.pathname).toBe("/auth/handler");
    const params = target.searchParams;
    expect(params.getAll("error").join(" ")).toMatch(error);
    expect(flow.sessionCookie).toBeUndefined();
  }

  it("lists both providers when both are configured", async () => {
    const res = await t.request<{ providers: string[] }>("GET", "/api/session/providers");
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual(["google", "github"]);
  });

  it("answers 400 for an unknown provider", async () => {
    const res = await t.request<any>("GET", "/auth/social/facebook?popup=1");
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  for (const provider of ["google", "github"] as const) {
    it(`signs a new user in with ${provider} and hands the popup a working token`, async () => {
      const user = testUser(`new-${provider}@social.test`, { picture: `https://img.test/${provider}.png` });
      fake.setUser(user);
      const flow = await socialSignIn(provider);

      // The authorization request the app built: code flow, our client, PKCE S256.
      const q = flow.authorizeUrl.searchParams;
      expect(q.get("client_id")).toBe(fake.client.clientId);
      expect(q.get("redirect_uri")).toBe(`${APP_ORIGIN}/api/auth/callback/${provider}`);
      expect(q.get("response_type")).toBe("code");
      expect(q.get("code_challenge_method")).toBe("S256");
      expect(q.get("state")).toBeTruthy();
      const authorization = fake.authorizations.at(-1);
      expect(authorization?.codeChallenge).toBe(q.get("code_challenge"));
      if (provider === "google") {
        expect(q.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
        // Google publishes a JWKS, so the ID token is verified and bound to a nonce.
        expect(q.get("nonce")).toBeTruthy();
      } else {
        expect(q.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["read:user", "user:email"]));
      }

      expect(flow.status).toBe(302);
      expect(flow.location).toBe(HANDLER);
      expect(flow.sessionCookie).toBeTruthy();

      const session = await exchange(flow.jar);
      expect(session.status).toBe(200);
      expect(session.body.token).toBeTruthy();
      expect(new Date(session.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(session.body.user).toMatchObject({
        email: user.email,
        name: user.name,
        emailVerified: true,
        image: user.picture,
      });

      const token = session.body.token;
      const created = await t.request<any>("POST", "/api/account/create", { token, body: {} });
      expect(created.status).toBe(200);
      const current = await t.request<any>("GET", "/api/account/current", { token });
      expect(current.status).toBe(200);
      expect(current.body.accountId).toBe(created.body.accountId);
      expect(current.body.email).toBe(user.email);

      // Without the session cookie there is nothing to exchange.
      const anonymous = await t.request<any>("POST", "/api/session/exchange");
      expect(anonymous.status).toBe(401);
    });
  }

  it("reuses the same user for a second sign-in and for the other provider with the same e-mail", async () => {
    const email = "returning@social.test";
    const google = testUser(email);
    const first = await signInAs("google", google);
    const second = await signInAs("google", google);
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);

    const viaGithub = await signInAs("github", testUser(email));
    expect(viaGithub.user.id).toBe(first.user.id);

    const rows = await t.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });

  for (const provider of ["google", "github"] as const) {
    it(`refuses a tampered state (${provider})`, async () => {
      fake.setUser(testUser(`tampered-state-${provider}@social.test`));
      const flow = await socialSignIn(provider, {
        callbackUrl: (url) => url.searchParams.set("state", randomBytes(24).toString("base64url")),
      });
      expectFailed(flow, /state_mismatch/);
      expect((await exchange(flow.jar)).status).toBe(401);
    });

    it(`refuses a callback from a browser that did not start the sign-in (${provider})`, async () => {
      fake.setUser(testUser(`no-state-cookie-${provider}@social.test`));
      const flow = await socialSignIn(provider, { withoutStateCookie: true });
      expectFailed(flow, /state_mismatch/);
    });

    it(`fails when the PKCE verifier does not match the challenge (${provider})`, async () => {
      const email = `wrong-pkce-${provider}@social.test`;
      fake.setUser(testUser(email));
      // The provider is handed the challenge of another verifier, so the app's real
      // verifier fails the check at the token endpoint.
      const flow = await socialSignIn(provider, {
        authorizeUrl: (url) =>
          url.searchParams.set("code_challenge", s256(randomBytes(48).toString("base64url"))),
      });
      // Google answers 400 invalid_grant; GitHub answers 200 with an `error` field and no token.
      expectFailed(flow, /invalid_code|unable_to_get_user_info/);
      const rows = await t.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(rows).toHaveLength(0);
    });

    it(`does not accept the same callback twice (${provider})`, async () => {
      fake.setUser(testUser(`replay-${provider}@social.test`));
      const flow = await socialSignIn(provider);
      expect(flow.location).toBe(HANDLER);
      const replay = await t.request("GET", flow.callbackPath, { headers: cookieHeaders(flow.stateCookies) });
      expect(replay.status).toBe(302);
      expect(replay.headers.get("location")).not.toBe(HANDLER);
      expect(
        new URL(replay.headers.get("location") ?? "", APP_ORIGIN).searchParams.get("error"),
      ).toBeTruthy();
      expect(
        replay.headers
          .getSetCookie()
          .some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/max-age=0/i.test(c)),
      ).toBe(false);
    });
  }

  for (const fault of [
    "id-token-signature",
    "id-token-nonce",
    "id-token-audience",
    "id-token-issuer",
  ] as const) {
    it(`refuses a Google ID token that fails verification (${fault})`, async () => {
      const email = `${fault}@social.test`;
      fake.setUser(testUser(email));
      fake.setFault(fault);
      try {
        const flow = await socialSignIn("google");
        expectFailed(flow, /unable_to_get_user_info/);
      } finally {
        fake.setFault(null);
      }
      const rows = await t.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(rows).toHaveLength(0);
    });
  }

  for (const provider of ["google", "github"] as const) {
    it(`does not hand an existing user to a ${provider} identity whose e-mail is unverified`, async () => {
      const email = `victim-${provider}@social.test`;
      const victim = await t.signUp(email);
      await t.deps.db
        .updateTable("users")
        .set({ emailVerified: true })
        .where("id", "=", victim.user.id)
        .execute();

      // Someone else's provider account claims the victim's address without having verified it.
      fake.setUser(testUser(email, { emailVerified: false }));
      const flow = await socialSignIn(provider);
      if (flow.sessionCookie) {
        const session = await exchange(flow.jar);
        expect(session.body.user?.id).not.toBe(victim.user.id);
      } else {
        expect(flow.location).not.toBe(HANDLER);
        expect(new URL(flow.location, APP_ORIGIN).searchParams.get("error")).toBeTruthy();
      }
    });
  }

  it("does not let a user disabled by an admin sign in socially", async () => {
    const email = "disabled@social.test";
    const google = testUser(email);
    const github = testUser(email);
    const before = await signInAs("google", google);
    expect((await t.request("POST", "/api/account/create", { token: before.token, body: {} })).status).toBe(
      200,
    );

    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    const disabled = await t.request<any>("POST", `/api/admin/users/${before.user.id}/disabled`, {
      token: admin.token,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);

    // Disabling ended the existing session...
    expect((await t.request("GET", "/api/account/current", { token: before.token })).status).toBe(401);

    // ...and no provider can start a new one.
    for (const [provider, user] of [
      ["google", google],
      ["github", github],
    ] as const) {
      fake.setUser(user);
      const flow = await socialSignIn(provider);
      expectFailed(flow, /USER_DISABLED/);
      expect((await exchange(flow.jar)).status).toBe(401);
    }

    // Re-enabled, the same user signs in again.
    const enabled = await t.request<any>("POST", `/api/admin/users/${before.user.id}/disabled`, {
      token: admin.token,
      body: { disabled: false },
    });
    expect(enabled.status).toBe(200);
    const after = await signInAs("google", google);
    expect(after.user.id).toBe(before.user.id);
  });
});
