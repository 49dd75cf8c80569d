import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_PASSWORD, type TestPlatform } from "../../testing/test-platform.ts";

const isAdmin = async (t: TestPlatform, token: string) =>
  (await t.request<any>("GET", "/api/account/current", { token })).body.isAdmin as boolean;
const adminList = (t: TestPlatform, token: string) => t.request<any>("GET", "/api/admin/users", { token });
const mailbox = (t: TestPlatform, token: string) => t.request<any>("GET", "/api/dev/mailbox", { token });
const verificationCode = (mails: { to: string; text: string }[], to: string) => {
  const mail = mails.find((m) => m.to === to && m.text.includes("mode=verifyEmail"));
  const match = mail?.text.match(/https?:\/\/\S+\/auth\/handler\S*/);
  return match ? new URL(match[0]).searchParams.get("oobCode") : null;
};

/** Who is a platform admin (issue 12, item 3): only verified addresses. */
describe("admin rights need a verified address (ADMIN_EMAILS)", () => {
  let t: TestPlatform;
  const BOSS = "boss@liftoff.test";
  const DEPUTY = "deputy@liftoff.test";

  beforeAll(async () => {
    t = await createTestPlatform({ ADMIN_EMAILS: `${BOSS}, ${DEPUTY}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it("an unverified listed address gets nothing; verified, it is admin", async () => {
    const res = await t.request<any>("POST", "/api/session/signup", {
      body: { email: BOSS, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    expect(await isAdmin(t, token)).toBe(false);
    expectError(await adminList(t, token), 403, "FORBIDDEN", "Only platform admins can do this");
    await t.verify(BOSS);
    expect(await isAdmin(t, token)).toBe(true);
    expect((await adminList(t, token)).status).toBe(200);
    const listed = (await adminList(t, token)).body.users.find((u: any) => u.email === BOSS);
    expect(listed.isAdmin).toBe(true);
  });

  it("never shows the first-run screen to admins listed in ADMIN_EMAILS", async () => {
    const { token } = await t
      .request<any>("POST", "/api/session/login", {
        body: { email: BOSS, password: TEST_PASSWORD },
      })
      .then((res) => res.body);
    expect(await isAdmin(t, token)).toBe(true);
    const firstRun = await t.request<any>("GET", "/api/admin/firstRun", { token });
    expect(firstRun.status).toBe(200);
    expect(firstRun.body).toEqual({ welcome: false });
  });

  it("changing one's address to a listed one grants nothing until that address confirms", async () => {
    const email = "climber@example.test";
    const { token } = await t.signUp(email);
    await t.verify(email);
    const change = await t.request<any>("POST", "/api/account/completeEmailChange", {
      token,
      body: { newEmail: DEPUTY, password: TEST_PASSWORD },
    });
    expect(change.body).toEqual({ email, pendingEmail: DEPUTY });
    expect(await isAdmin(t, token)).toBe(false);
    expectError(await adminList(t, token), 403, "FORBIDDEN", "Only platform admins can do this");
    // The confirmation went to the deputy's mailbox, which the climber cannot read.
    expect((await mailbox(t, token)).body.mails.some((m: any) => m.to === DEPUTY)).toBe(false);
  });

  it("an unverified listed address cannot verify itself from the dev mailbox once an admin exists", async () => {
    const res = await t.request<any>("POST", "/api/session/signup", {
      body: { email: DEPUTY, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    const own = await mailbox(t, res.body.token);
    expect(own.status).toBe(200);
    expect(own.body.mails).toEqual([]);
    expect(await isAdmin(t, res.body.token)).toBe(false);
  });
});

/** First run: with no ADMIN_EMAILS, the first account of a fresh install is the admin. */
describe("first account of a fresh install", () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await createTestPlatform({ ADMIN_EMAILS: "" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("is admin once it verifies itself through its own mail in the dev mailbox; nobody after it is", async () => {
    const first = await t.signUp("founder@example.test");
    expect(await isAdmin(t, first.token)).toBe(false);
    const own = await mailbox(t, first.token);
    expect(own.body.scope).toBe("own");
    const code = verificationCode(own.body.mails, "founder@example.test");
    expect(code).toBeTruthy();
    expect((await t.request("POST", "/api/account/verifyEmail", { body: { oobCode: code } })).status).toBe(
      200,
    );
    expect(await isAdmin(t, first.token)).toBe(true);
    expect((await adminList(t, first.token)).status).toBe(200);
    expect((await mailbox(t, first.token)).body.scope).toBe("all");

    const second = await t.signUp("second@example.test");
    await t.verify("second@example.test");
    expect(await isAdmin(t, second.token)).toBe(false);

    // The grant happens once per database: with every user gone, the next is no admin.
    await t.deps.db.deleteFrom("users").execute();
    const later = await t.signUp("later@example.test");
    await t.verify("later@example.test");
    expect(await isAdmin(t, later.token)).toBe(false);
  });
});

/** The first-run screen: told once, to the first admin only, after verification. */
describe("first-run screen of the first admin", () => {
  let t: TestPlatform;
  const firstRun = (token: string) => t.request<any>("GET", "/api/admin/firstRun", { token });
  const welcomed = (token: string) => t.request<any>("POST", "/api/admin/firstRun/welcomed", { token });

  beforeAll(async () => {
    t = await createTestPlatform({ ADMIN_EMAILS: "" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("is due for the first account once verified, and only until it is marked shown", async () => {
    const first = await t.signUp("founder@example.test");
    // Not an admin before its address is verified, so not told it is one either.
    expectError(await firstRun(first.token), 403, "FORBIDDEN", "Only platform admins can do this");
    expectError(await welcomed(first.token), 403, "FORBIDDEN", "Only platform admins can do this");
    await t.verify("founder@example.test");
    expect((await firstRun(first.token)).body).toEqual({ welcome: true });

    const second = await t.signUp("second@example.test");
    await t.verify("second@example.test");
    expectError(await firstRun(second.token), 403, "FORBIDDEN", "Only platform admins can do this");
    // Asking does not use it up; being shown does, once and for all.
    expect((await firstRun(first.token)).body).toEqual({ welcome: true });
    expect((await welcomed(first.token)).body).toEqual({ ok: true });
    expect((await firstRun(first.token)).body).toEqual({ welcome: false });
    const stored = async () =>
      (
        await t.deps.db
          .selectFrom("platform_settings")
          .select("value")
          .where("key", "=", "firstAdmin")
          .executeTakeFirstOrThrow()
      ).value;
    const once = await stored();
    expect(once).toEqual({ userId: first.user.id, welcomedAt: expect.any(String) });
    expect((await welcomed(first.token)).body).toEqual({ ok: true });
    expect(await stored()).toEqual(once);
    expect((await firstRun(first.token)).body).toEqual({ welcome: false });
  });
});
