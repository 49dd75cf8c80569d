import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpBuilder, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { signAppToken, verifyAppToken } from "../app-tokens/app-token.ts";

/** "View as" an end user in the builder's preview (issue 13), over HTTP on a real database. */
describe("view as an end user", () => {
  let t: TestPlatform;
  let adminToken: string;
  let owner: { token: string; user: { id: string; email: string } };
  let stranger: { token: string; user: { id: string } };
  let appId: string;

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    owner = await signUpBuilder(t, uniqueEmail("viewas", "owner"), adminToken);
    stranger = await t.signUp(uniqueEmail("viewas", "stranger"));
    appId = await createSignupApp(t, owner.token);
    const schema = {
      name: "Note",
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
      permissions: { read: "creator", write: "creator" },
    };
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/Note`, {
      token: owner.token,
      body: schema,
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const viewAs = (userId: string, token: string | undefined, app = appId) =>
    t.request<any>("POST", `/api/apps/${app}/users/${userId}/preview-token`, token ? { token } : {});
  const notes = (token: string) => t.request<any>("GET", `/live_api/apps/${appId}/entities/Note`, { token });

  it("gives the builder a short-lived token of the end user that sees only what they see", async () => {
    const one = await signUpEndUser(t, appId, uniqueEmail("viewas", "one"));
    const two = await signUpEndUser(t, appId, uniqueEmail("viewas", "two"));
    const body = { text: "one's secret" };
    const path = `/live_api/apps/${appId}/entities/Note`;
    expect((await t.request("POST", path, { token: one.token, body })).status).toBe(201);

    const asOne = await viewAs(one.user.id, owner.token);
    expect(asOne.status, JSON.stringify(asOne.body)).toBe(200);
    expect(new Date(asOne.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(asOne.body.frameGrant).toMatch(/^\d+\./);
    const verdict = await verifyAppToken(t.deps.config, asOne.body.token, appId);
    expect(verdict).toMatchObject({
      ok: true,
      claims: { kind: "user", subjectId: one.user.id, actorId: owner.user.id },
    });
    const me = await t.request<any>("GET", `/live_api/apps/${appId}/auth/me`, { token: asOne.body.token });
    expect(me.body.email).toBe(one.user.email);
    expect((await notes(asOne.body.token)).body.items.map((n: any) => n.text)).toEqual(["one's secret"]);

    const asTwo = await viewAs(two.user.id, owner.token);
    expect((await notes(asTwo.body.token)).body).toEqual({ items: [], total: 0 });
  });

  it("is for the app's builders only: another tenant gets 404, a user of another app is not found", async () => {
    const user = await signUpEndUser(t, appId, uniqueEmail("viewas", "target"));
    expect((await viewAs(user.user.id, stranger.token)).status).toBe(404);
    expect((await viewAs(user.user.id, undefined)).status).toBe(401);
    const other = await createSignupApp(t, owner.token, { name: "Other" });
    expectError(await viewAs(user.user.id, owner.token, other), 404, "NOT_FOUND", "User not found");
    // Disabled users cannot be viewed as (their tokens would not work anyway).
    await t.request("PUT", `/api/apps/${appId}/users/${user.user.id}/disabled`, {
      token: owner.token,
      body: { disabled: true },
    });
    expectError(await viewAs(user.user.id, owner.token), 400, "BAD_REQUEST", "This user is disabled");
  });

  it("a token naming someone who does not manage the app as its actor counts for nobody", async () => {
    const user = await signUpEndUser(t, appId, uniqueEmail("viewas", "forged"));
    // Correctly signed (as if a token had been issued to the stranger): the actor check still refuses it.
    const token = await signAppToken(t.deps.config, {
      appId,
      subjectId: user.user.id,
      kind: "user",
      actorId: stranger.user.id,
    });
    expect((await notes(token)).status).toBe(401);
    expect((await t.request("GET", `/live_api/apps/${appId}/auth/me`, { token })).status).toBe(401);
  });

  it("stops working at once when the builder loses access, though the end user's own token goes on", async () => {
    const builder = await signUpBuilder(t, uniqueEmail("viewas", "loses"), adminToken);
    const app = await createSignupApp(t, builder.token, { name: "Loses" });
    const user = await signUpEndUser(t, app, uniqueEmail("viewas", "kept"));
    const minted = await viewAs(user.user.id, builder.token, app);
    expect(minted.status).toBe(200);
    const me = (token: string) => t.request("GET", `/live_api/apps/${app}/auth/me`, { token });
    const records = (token: string) => t.request("GET", `/live_api/apps/${app}/entities/Nothing`, { token });
    expect((await me(minted.body.token)).status).toBe(200);
    expect((await records(minted.body.token)).status).not.toBe(401);

    const disabled = await t.request("POST", `/api/admin/users/${builder.user.id}/disabled`, {
      token: adminToken,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await me(minted.body.token)).status).toBe(401);
    expect((await records(minted.body.token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
  });

  it("does not count as the end user being seen", async () => {
    const user = await signUpEndUser(t, appId, uniqueEmail("viewas", "unseen"));
    const minted = await viewAs(user.user.id, owner.token);
    expect(
      (await t.request("GET", `/live_api/apps/${appId}/auth/me`, { token: minted.body.token })).status,
    ).toBe(200);
    const list = await t.request<any>("GET", `/api/apps/${appId}/users`, { token: owner.token });
    expect(list.body.users.find((u: any) => u.id === user.user.id).lastSeenAt).toBeNull();
  });
});
