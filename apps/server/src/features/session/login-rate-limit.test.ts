import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_PASSWORD, type TestPlatform } from "../../testing/test-platform.ts";
import {
  BACKOFF_BASE_MS,
  FREE_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_ADDRESS_AND_IP,
  MAX_FAILURES_PER_IP,
} from "./login-rate-limit.ts";

const TOO_MANY = "Too many login attempts, try again later";

/**
 * Issue 12, item 11: the client IP behind trusted proxies, separate counters for the
 * platform and each app, and a per-address backoff an attacker cannot turn into a lockout.
 */
describe("login limits", () => {
  let t: TestPlatform;
  const uniqueEmail = (label: string) => sharedUniqueEmail("limit", label);
  // One reverse proxy in front: it appends the client's address to X-Forwarded-For.
  const logIn = (email: string, password: string, ip: string) =>
    t.request<any>("POST", "/api/session/login", {
      body: { email, password },
      headers: { "x-forwarded-for": ip },
    });

  beforeAll(async () => {
    t = await createTestPlatform({ TRUST_PROXY_HOPS: "1" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts per client behind a trusted proxy, never per forged header entries", async () => {
    const email = uniqueEmail("proxy");
    await t.signUp(email);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS_AND_IP; i++) {
      expect((await logIn(email, `wrong-${i}`, "198.51.100.1")).status).toBe(401);
    }
    expectError(await logIn(email, TEST_PASSWORD, "198.51.100.1"), 429, "TOO_MANY_ATTEMPTS", TOO_MANY);
    // A client may put anything in front of the proxy's entry; only the proxy's entry counts.
    expectError(
      await logIn(email, TEST_PASSWORD, "203.0.113.9, 198.51.100.1"),
      429,
      "TOO_MANY_ATTEMPTS",
      TOO_MANY,
    );
    // The owner, elsewhere, is not locked out by the guesser.
    expect((await logIn(email, TEST_PASSWORD, "198.51.100.2")).status).toBe(200);
  });

  it("ignores X-Forwarded-For when no proxy is trusted (the default)", async () => {
    const direct = await createTestPlatform();
    try {
      const email = uniqueEmail("direct");
      await direct.signUp(email);
      const attempt = (password: string, ip: string) =>
        direct.request("POST", "/api/session/login", {
          body: { email, password },
          headers: { "x-forwarded-for": ip },
        });
      for (let i = 0; i < MAX_FAILURES_PER_ADDRESS_AND_IP; i++) await attempt(`wrong-${i}`, `192.0.2.${i}`);
      expectError(await attempt(TEST_PASSWORD, "192.0.2.200"), 429, "TOO_MANY_ATTEMPTS", TOO_MANY);
    } finally {
      await direct.close();
    }
  }, 120_000);

  it("keeps the platform's per-IP counter apart from each app's", async () => {
    const ip = "198.51.100.50";
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await logIn(uniqueEmail(`spray-${i}`), "wrong-pass-1", ip)).status).toBe(401);
    }
    const platformUser = uniqueEmail("spray-victim");
    await t.signUp(platformUser);
    expectError(await logIn(platformUser, TEST_PASSWORD, ip), 429, "TOO_MANY_ATTEMPTS", TOO_MANY);

    // The same address logging in to an app is not refused for the platform's failures.
    const owner = await t.signUp(uniqueEmail("app-owner"));
    const appId = await createSignupApp(t, owner.token);
    const endUser = uniqueEmail("end-user");
    await signUpEndUser(t, appId, endUser);
    const appLogin = await t.request("POST", `/live_api/apps/${appId}/auth/login`, {
      body: { email: endUser, password: "end-user-pass-42" },
      headers: { "x-forwarded-for": ip },
    });
    expect(appLogin.status).toBe(200);
  }, 180_000);

  it("slows a distributed guesser down without locking the owner out, and a reset link clears it", async () => {
    const email = uniqueEmail("backoff");
    await t.signUp(email);
    // Guesses from many addresses (a botnet): each IP stays under its own limit.
    const guess = async () => {
      for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) {
        expect((await logIn(email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      }
    };
    await guess();
    // Right after the last guess the address waits a little, even for the right password …
    const started = Date.now();
    expectError(await logIn(email, TEST_PASSWORD, "192.0.2.77"), 429, "TOO_MANY_ATTEMPTS", TOO_MANY);
    // … refused attempts (the owner's retries here) do not extend the wait: within a few
    // seconds, never the 15-minute window, the owner gets in.
    let status = 429;
    while (status === 429 && Date.now() - started < 10 * BACKOFF_BASE_MS) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await logIn(email, TEST_PASSWORD, "192.0.2.77")).status;
    }
    expect(status).toBe(200);

    // Failures again, then a password reset link (not limited): it clears them.
    await guess();
    const failures = () =>
      t.deps.db.selectFrom("login_attempts").select("id").where("key", "like", `address%${email}%`).execute();
    expect((await failures()).length).toBeGreaterThan(FREE_FAILURES_PER_ADDRESS);
    await t.request("POST", "/api/account/sendResetPasswordEmail", { body: { email } });
    const oobCode = (await t.latestLink(email)).searchParams.get("oobCode");
    const reset = await t.request("POST", "/api/account/resetPassword", {
      body: { oobCode, newPassword: "brand-new-pass-7" },
    });
    expect(reset.status).toBe(200);
    expect(await failures()).toEqual([]);
    expect((await logIn(email, "brand-new-pass-7", "192.0.2.78")).status).toBe(200);
  }, 120_000);
});
