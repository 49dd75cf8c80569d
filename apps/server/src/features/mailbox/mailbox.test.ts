import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HELD_MAIL_WARNING } from "../../mail/announce-mail-mode.ts";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/** The dev mailbox (issue 12, item 4): never public; admins see all, users their own mail. */
describe("dev mailbox", () => {
  let t: TestPlatform;
  let adminToken: string;
  const uniqueEmail = (label: string) => sharedUniqueEmail("mailbox", label);

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (token?: string) => t.request<any>("GET", "/api/dev/mailbox", { token });
  const clear = (token?: string) => t.request<any>("DELETE", "/api/dev/mailbox", { token });

  it("answers 401 to anonymous callers, for reading and for clearing", async () => {
    await t.signUp(uniqueEmail("anon-target"));
    expectError(await list(), 401, "UNAUTHORIZED", "Please log in to continue");
    expectError(await clear(), 401, "UNAUTHORIZED", "Please log in to continue");
    expect((await t.deps.db.selectFrom("mails").select("id").execute()).length).toBeGreaterThan(0);
  });

  it("shows a signed-in user only mail addressed to them", async () => {
    const alice = uniqueEmail("alice");
    const bob = uniqueEmail("bob");
    const aliceSession = await t.signUp(alice.toUpperCase());
    await t.signUp(bob);
    const res = await list(aliceSession.token);
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe("own");
    expect(res.body.mails.length).toBeGreaterThan(0);
    for (const mail of res.body.mails) expect(mail.to.toLowerCase()).toBe(alice);
  });

  it("lets only platform admins see everything and clear it", async () => {
    const user = await t.signUp(uniqueEmail("clearer"));
    expectError(await clear(user.token), 403, "FORBIDDEN", "Only platform admins can do this");
    const all = await list(adminToken);
    expect(all.body.scope).toBe("all");
    expect(new Set(all.body.mails.map((m: any) => m.to)).size).toBeGreaterThan(1);
    expect((await clear(adminToken)).status).toBe(200);
    expect((await list(adminToken)).body.mails).toEqual([]);
  });
});

describe("mail mode at start", () => {
  it("warns in production without SMTP that mail is held for admins only", async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      const t = await createTestPlatform({ NODE_ENV: "production", LOG_LEVEL: "warn" });
      await t.close();
    } finally {
      spy.mockRestore();
    }
    const warning = writes
      .filter((w) => w.startsWith("{"))
      .map((w) => JSON.parse(w) as { level: string; message: string })
      .find((e) => e.message === HELD_MAIL_WARNING);
    expect(warning?.level).toBe("warn");
    expect(HELD_MAIL_WARNING).toContain("only platform admins");
  });
});
