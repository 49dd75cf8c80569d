import { sessionResponseSchema } from "@liftoff/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_PASSWORD, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * Sign-up, login (with its spec messages and the per-address rate limit), refresh, logout
 * and the social provider list, through the real HTTP layer on a real database.
 *
 * Every in-process request comes from the same "unknown" IP, which has its own failure
 * budget (MAX_FAILURES_PER_IP); this file stays well below it.
 */
describe("session routes", () => {
  let t: TestPlatform;
  const uniqueEmail = (label: string) => sharedUniqueEmail("session", label);

  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (body: Record<string, unknown>) => t.request<any>("POST", "/api/session/signup", { body });
  const logIn = (email: string, password: string) =>
    t.request<any>("POST", "/api/session/login", { body: { email, password } });

  describe("sign-up", () => {
    it.each([
      ["no at sign", "not-an-email"],
      ["empty", ""],
      ["blank", "   "],
      ["no domain", "someone@"],
      ["no local part", "@example.test"],
      ["space inside", "some one@example.test"],
    ])("rejects an invalid e-mail (%s) with 'This email is invalid'", async (_label, email) => {
      const res = await signUp({ email, password: TEST_PASSWORD });
      expectError(res, 400, "INVALID_EMAIL", "This email is invalid");
    });

    it.each([
      ["too short", "abc12"],
      ["seven characters", "abcde12"],
      ["no digit", "abcdefghij"],
      ["no letter", "1234567890"],
      ["blank", "        "],
      ["long but blank", " ".repeat(20)],
      ["empty", ""],
      ["over the maximum length", `a1${"x".repeat(200)}`],
    ])("rejects a weak password (%s) with 'This password is too weak'", async (_label, password) => {
      const email = uniqueEmail("weak");
      const res = await signUp({ email, password });
      expectError(res, 400, "WEAK_PASSWORD", "This password is too weak");
      // Nothing was created: the address is still free.
      expect(await t.mailsTo(email)).toEqual([]);
      const retry = await signUp({ email, password: TEST_PASSWORD });
      expect(retry.status).toBe(201);
    });

    it("accepts a long passphrase without digits", async () => {
      const res = await signUp({
        email: uniqueEmail("passphrase"),
        password: "correct horse battery staple",
      });
      expect(res.status).toBe(201);
    });

    it("rejects an e-mail already in use, whatever its case or surrounding whitespace", async () => {
      const email = uniqueEmail("dup");
      expect((await signUp({ email, password: TEST_PASSWORD })).status).toBe(201);
      for (const variant of [email, email.toUpperCase(), `  ${email}  `, ` ${email.toUpperCase()}\t`]) {
        const res = await signUp({ email: variant, password: TEST_PASSWORD });
        expectError(res, 409, "EMAIL_IN_USE", "This email is already in use, try logging in");
      }
      // Only the first sign-up sent a verification mail.
      expect(await t.mailsTo(email)).toHaveLength(1);
    });

    it("lets only one of several simultaneous sign-ups for one address through", async () => {
      const email = uniqueEmail("race");
      const results = await Promise.all(
        [email, email.toUpperCase(), ` ${email} `].map((address) =>
          signUp({ email: address, password: TEST_PASSWORD }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const res of results.filter((r) => r.status !== 201)) {
        expectError(res, 409, "EMAIL_IN_USE", "This email is already in use, try logging in");
      }
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
      expect(await t.mailsTo(email)).toHaveLength(1);
    });

    it("signs up, returns a session and the unverified user, and mails a verification link", async () => {
      const email = uniqueEmail("ok");
      const res = await signUp({
        email: `  ${email.toUpperCase()} `,
        password: TEST_PASSWORD,
        name: "  Ada Lovelace  ",
      });
      expect(res.status).toBe(201);
      const session = sessionResponseSchema.parse(res.body);
      expect(session.token).toEqual(expect.any(String));
      expect(session.token.length).toBeGreaterThan(10);
      expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(session.user).toMatchObject({ email, name: "Ada Lovelace", emailVerified: false, image: null });
      expect(session.user.id).toEqual(expect.any(String));

      // The token works straight away.
      const current = await t.request<any>("GET", "/api/account/current", { token: session.token });
      expect(current.status).toBe(200);
      expect(current.body.email).toBe(email);
      expect(current.body.emailVerified).toBe(false);

      const mails = await t.mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Verify your email for Liftoff");
      const link = await t.latestLink(email);
      expect(link.origin).toBe("http://localhost:3000");
      expect(link.pathname).toBe("/auth/handler");
      expect(link.searchParams.get("mode")).toBe("verifyEmail");
      expect(link.searchParams.get("oobCode")).toEqual(expect.any(String));
      expect(link.searchParams.get("oobCode")!.length).toBeGreaterThan(10);
      expect(link.searchParams.get("continueUrl")).toBe("/apps");
    });

    it("names the user after the address when no name is given, and carries continueUrl into the mail", async () => {
      const email = uniqueEmail("noname");
      const res = await signUp({ email, password: TEST_PASSWORD, continueUrl: "/apps/new" });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe(email.split("@")[0]);
      const link = await t.latestLink(email);
      expect(link.searchParams.get("mode")).toBe("verifyEmail");
      expect(link.searchParams.get("continueUrl")).toBe("/apps/new");
    });
  });

  describe("login", () => {
    // In-process requests have no socket, so every one of them counts against the same
    // per-IP budget. Each test here is about the per-address limit: start it afresh.
    afterEach(async () => {
      await t.deps.db.deleteFrom("login_attempts").where("key", "like", "ip:%").execute();
    });

    it("answers a wrong password, an unknown user and a malformed e-mail alike with 'Invalid email or password'", async () => {
      const email = uniqueEmail("login-fail");
      await t.signUp(email);
      const attempts: [string, string][] = [
        [email, "wrong-password-1"],
        [uniqueEmail("nobody"), TEST_PASSWORD],
        ["not-an-email", TEST_PASSWORD],
        [email, ""],
      ];
      for (const [address, password] of attempts) {
        const res = await logIn(address, password);
        expectError(res, 401, "INVALID_CREDENTIALS", "Invalid email or password");
      }
    });

    it("logs in with the right password, whatever the case of the address", async () => {
      const email = uniqueEmail("login-ok");
      const signedUp = await t.signUp(email, TEST_PASSWORD, "Grace");
      for (const address of [email, `  ${email.toUpperCase()} `]) {
        const res = await logIn(address, TEST_PASSWORD);
        expect(res.status).toBe(200);
        const session = sessionResponseSchema.parse(res.body);
        expect(session.user).toMatchObject({
          id: signedUp.user.id,
          email,
          name: "Grace",
          emailVerified: false,
        });
        expect(session.token).not.toBe(signedUp.token);
        const current = await t.request<any>("GET", "/api/account/current", { token: session.token });
        expect(current.status).toBe(200);
        expect(current.body.email).toBe(email);
      }
    });

    it("locks an address after 5 failed attempts, even for the right password, while others still log in", async () => {
      const locked = uniqueEmail("locked");
      const other = uniqueEmail("other");
      await t.signUp(locked);
      await t.signUp(other);
      for (let i = 0; i < 5; i++) {
        const res = await logIn(locked, `wrong-password-${i}`);
        expectError(res, 401, "INVALID_CREDENTIALS", "Invalid email or password");
      }
      const right = await logIn(locked, TEST_PASSWORD);
      expectError(right, 429, "TOO_MANY_ATTEMPTS", "Too many login attempts, try again later");
      // The lock is per address, not per spelling of it.
      const shouting = await logIn(locked.toUpperCase(), TEST_PASSWORD);
      expectError(shouting, 429, "TOO_MANY_ATTEMPTS", "Too many login attempts, try again later");

      const unaffected = await logIn(other, TEST_PASSWORD);
      expect(unaffected.status).toBe(200);
      expect(unaffected.body.user.email).toBe(other);
    });

    it("checks at most 5 passwords of one address even when the attempts arrive at once", async () => {
      const email = uniqueEmail("burst");
      await t.signUp(email);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => logIn(email, `wrong-password-${i}`)),
      );
      // However the server serialises them, no more than 5 passwords may be checked.
      const checked = results.filter((r) => r.status === 401).length;
      const refused = results.filter((r) => r.status === 429).length;
      expect(checked + refused).toBe(10);
      expect(checked).toBeLessThanOrEqual(5);
      for (const res of results) {
        if (res.status === 401) expectError(res, 401, "INVALID_CREDENTIALS", "Invalid email or password");
        else expectError(res, 429, "TOO_MANY_ATTEMPTS", "Too many login attempts, try again later");
      }
      // Only checked passwords count (a refused attempt removes its rows, so hammering
      // cannot prolong a lock): the right password is refused once 5 were checked.
      const right = await logIn(email, TEST_PASSWORD);
      if (checked === 5)
        expectError(right, 429, "TOO_MANY_ATTEMPTS", "Too many login attempts, try again later");
      else expect(right.status).toBe(200);
    });

    it("forgets earlier failures after a successful login", async () => {
      const email = uniqueEmail("reset-count");
      await t.signUp(email);
      for (let i = 0; i < 4; i++) expect((await logIn(email, `nope-${i}`)).status).toBe(401);
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
      // Four more failures would have made nine without the reset: still not locked.
      expect((await logIn(email, "nope-again")).status).toBe(401);
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
    });
  });

  describe("refresh and logout", () => {
    it("refresh returns the same session token and user", async () => {
      const email = uniqueEmail("refresh");
      const session = await t.signUp(email);
      const res = await t.request<any>("POST", "/api/session/refresh", { token: session.token });
      expect(res.status).toBe(200);
      const refreshed = sessionResponseSchema.parse(res.body);
      expect(refreshed.token).toBe(session.token);
      expect(refreshed.user).toEqual(session.user);
    });

    it("refresh without a valid token answers 401", async () => {
      expectError(
        await t.request("POST", "/api/session/refresh"),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
      expectError(
        await t.request("POST", "/api/session/refresh", { token: "not-a-real-token" }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
    });

    it("logout ends the session: the token stops working", async () => {
      const email = uniqueEmail("logout");
      const session = await t.signUp(email);
      const second = await logIn(email, TEST_PASSWORD);
      expect(second.status).toBe(200);
      expect((await t.request("GET", "/api/account/current", { token: session.token })).status).toBe(200);

      const res = await t.request<any>("POST", "/api/session/logout", { token: session.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      expectError(
        await t.request("GET", "/api/account/current", { token: session.token }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
      expect((await t.request("POST", "/api/session/refresh", { token: session.token })).status).toBe(401);
      // Only that session ended: the one from the other login still works.
      expect((await t.request("GET", "/api/account/current", { token: second.body.token })).status).toBe(200);
      // Logging out again (or without a session) is harmless.
      expect((await t.request<any>("POST", "/api/session/logout", { token: session.token })).body).toEqual({
        ok: true,
      });
      expect((await t.request<any>("POST", "/api/session/logout")).body).toEqual({ ok: true });
    });
  });

  describe("providers", () => {
    it("lists no social providers when none is configured", async () => {
      const res = await t.request<any>("GET", "/api/session/providers");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ providers: [] });
    });

    it("refuses to start a sign-in with an unconfigured provider", async () => {
      const res = await t.request<any>("GET", "/auth/social/google?popup=1");
      expectError(res, 404, "NOT_FOUND", "Sign-in with google is not configured on this server");
    });
  });
});
