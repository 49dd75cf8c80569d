import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

const isAdmin = async (t: TestPlatform, token: string) =>
  (await t.request<{ isAdmin: boolean }>("GET", "/api/account/current", { token })).body.isAdmin;

/**
 * First run under a race: on a fresh install (no ADMIN_EMAILS), sign-ups that arrive at the
 * same moment and are all verified make exactly one platform admin — never two (a second
 * admin nobody chose), and never none (an install nobody can administer).
 */
describe("first-admin race", () => {
  const platforms: TestPlatform[] = [];
  const fresh = async () => {
    const t = await createTestPlatform({ ADMIN_EMAILS: "" });
    platforms.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(platforms.map((t) => t.close()));
  });

  async function raceOfFirstSignUps(t: TestPlatform, count: number) {
    const emails = Array.from({ length: count }, (_, i) => `founder-${i}@example.test`);
    const sessions = await Promise.all(emails.map((email) => t.signUp(email)));
    await Promise.all(emails.map((email) => t.verify(email)));
    const rights = await Promise.all(sessions.map((session) => isAdmin(t, session.token)));
    const granted = await t.deps.db.selectFrom("users").select("email").where("isAdmin", "=", true).execute();
    return { rights, granted };
  }

  let two: TestPlatform;
  beforeAll(async () => {
    two = await fresh();
  });

  it("two simultaneous first sign-ups, both verified, make exactly one admin", async () => {
    const { rights, granted } = await raceOfFirstSignUps(two, 2);
    expect(rights.filter(Boolean)).toHaveLength(1);
    expect(granted).toHaveLength(1);
    // Later accounts never are.
    const later = await two.signUp("later@example.test");
    await two.verify("later@example.test");
    expect(await isAdmin(two, later.token)).toBe(false);
  });

  it("so do five", async () => {
    const { rights, granted } = await raceOfFirstSignUps(await fresh(), 5);
    expect(rights.filter(Boolean)).toHaveLength(1);
    expect(granted).toHaveLength(1);
  });
});
