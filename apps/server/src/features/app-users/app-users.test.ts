import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignupApp,
  latestAppLink,
  setSignup,
  signUpBuilder,
  signUpEndUser,
} from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { signAppToken, verifyAppToken } from "../app-tokens/app-token.ts";
import { issueAppUserCode } from "./issue-app-user-code.ts";

const PASSWORD = "end-user-pass-42";

/** End users of space apps over HTTP, on a real database, with mail from the dev mailbox. */
describe("app users", () => {
  let t: TestPlatform;
  let owner: { token: string; user: { id: string; email: string } };
  let stranger: string;
  let appId: string;
  const auth = (path: string, id = appId) => `/live_api/apps/${id}/auth/${path}`;

  beforeAll(async () => {
    t = await createTestPlatform();
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    owner = await signUpBuilder(t, uniqueEmail("appusers", "owner"), admin.token);
    stranger = (await t.signUp(uniqueEmail("appusers", "stranger"))).token;
    appId = await createSignupApp(t, owner.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses sign-up when the app has not enabled it, or is not published", async () => {
    const closed = await createSignupApp(t, owner.token, { signup: false });
    const body = { email: uniqueEmail("appusers", "closed"), password: PASSWORD };
    expectError(
      await t.request("POST", auth("signup", closed), { body }),
      403,
      "FORBIDDEN",
      "Sign-up is not enabled for this app",
    );
    await setSignup(t, closed, true);
    expect((await t.request("POST", auth("signup", closed), { body })).status).toBe(201);
    await setSignup(t, closed, false);
    const again = { ...body, email: uniqueEmail("appusers", "closed") };
    expect((await t.request("POST", auth("signup", closed), { body: again })).status).toBe(403);

    const draft = await createSignupApp(t, owner.token, { publish: false });
    expectError(
      await t.request("POST", auth("signup", draft), { body }),
      403,
      "FORBIDDEN",
      "This app is not published yet",
    );
    expect((await t.request("POST", auth("signup", "no-such-app"), { body })).status).toBe(404);
  });

  it("signs up, mails a verification link to the app's login page, and verifies once", async () => {
    const email = uniqueEmail("appusers", "ada");
    const res = await t.request<any>("POST", auth("signup"), {
      body: { email: email.toUpperCase(), password: PASSWORD, name: "Ada" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({
      email,
      name: "Ada",
      full_name: "Ada",
      emailVerified: false,
      role: "user",
    });
    const verdict = await verifyAppToken(t.deps.config, res.body.token, appId);
    expect(verdict).toMatchObject({ ok: true, claims: { subjectId: res.body.user.id, kind: "user" } });

    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toBe("Verify your email for Members");
    const link = await latestAppLink(t, email);
    expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:3000/apps/${appId}/login`);
    expect(link.searchParams.get("mode")).toBe("verifyEmail");
    const oobCode = link.searchParams.get("oobCode")!;

    // A code of this app does not verify anything in another app.
    const other = await createSignupApp(t, owner.token, { name: "Other" });
    expect((await t.request("POST", auth("verify", other), { body: { oobCode } })).status).toBe(400);

    // Opening the link verifies and signs in (a new tab holds no token of the sign-up's).
    const verified = await t.request<any>("POST", auth("verify"), { body: { oobCode } });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ id: res.body.user.id, email, emailVerified: true });
    expect(await verifyAppToken(t.deps.config, verified.body.token, appId)).toMatchObject({
      ok: true,
      claims: { subjectId: res.body.user.id, kind: "user" },
    });
    const signedIn = await t.request<any>("GET", auth("me"), { token: verified.body.token });
    expect(signedIn.body).toMatchObject({ id: res.body.user.id, emailVerified: true });
    const me = await t.request<any>("GET", auth("me"), { token: res.body.token });
    expect(me.body.emailVerified).toBe(true);
    expectError(
      await t.request("POST", auth("verify"), { body: { oobCode } }),
      400,
      "LINK_INVALID",
      "This verification link is invalid or has expired",
    );
    // Only the hash is stored.
    const stored = await t.deps.db.selectFrom("app_user_tokens").select("tokenHash").execute();
    expect(stored.map((r) => r.tokenHash)).not.toContain(oobCode);
  });

  it("checks the address, the password and duplicates with the platform's messages", async () => {
    const post = (email: string, password = PASSWORD) =>
      t.request("POST", auth("signup"), { body: { email, password } });
    expectError(await post("not-an-email"), 400, "INVALID_EMAIL", "This email is invalid");
    expectError(
      await post(uniqueEmail("appusers", "weak"), "short"),
      400,
      "WEAK_PASSWORD",
      "This password is too weak",
    );
    const email = uniqueEmail("appusers", "dup");
    expect((await post(email)).status).toBe(201);
    expectError(
      await post(` ${email.toUpperCase()} `),
      409,
      "EMAIL_IN_USE",
      "This email is already in use, try logging in",
    );
  });

  it("logs in, refuses a wrong password the same as an unknown user, and limits attempts", async () => {
    const email = uniqueEmail("appusers", "login");
    const { user } = await signUpEndUser(t, appId, email);
    const ok = await t.request<any>("POST", auth("login"), { body: { email, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    expect((await t.request<any>("GET", auth("me"), { token: ok.body.token })).body.email).toBe(email);

    const wrong = await t.request("POST", auth("login"), { body: { email, password: "nope-nope-1" } });
    expectError(wrong, 401, "INVALID_CREDENTIALS", "Invalid email or password");
    const unknown = await t.request("POST", auth("login"), {
      body: { email: uniqueEmail("appusers", "ghost"), password: PASSWORD },
    });
    expectError(unknown, 401, "INVALID_CREDENTIALS", "Invalid email or password");

    const target = uniqueEmail("appusers", "limited");
    await signUpEndUser(t, appId, target);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await t.request("POST", auth("login"), { body: { email: target, password: "wrong-42x" } })).status,
      ).toBe(401);
    expectError(
      await t.request("POST", auth("login"), { body: { email: target, password: PASSWORD } }),
      429,
      "TOO_MANY_ATTEMPTS",
      "Too many login attempts, try again later",
    );
  });

  it("me and updateMe: the name and the app's own fields, never the built-in ones", async () => {
    const { token } = await signUpEndUser(t, appId, uniqueEmail("appusers", "me"));
    expect((await t.request("GET", auth("me"))).status).toBe(401);
    expect((await t.request("GET", auth("me"), { token: "lat_forged.sig" })).status).toBe(401);

    const put = (body: unknown) => t.request<any>("PUT", auth("me"), { token, body });
    const updated = await put({ full_name: "Grace Hopper", theme: "dark", prefs: { compact: true } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Grace Hopper",
      full_name: "Grace Hopper",
      theme: "dark",
      prefs: { compact: true },
    });
    expect((await put({ theme: null })).body).not.toHaveProperty("theme");
    expect((await t.request<any>("GET", auth("me"), { token })).body).toMatchObject({
      full_name: "Grace Hopper",
      prefs: { compact: true },
    });

    expectError(
      await put({ role: "admin", email: "x@y.z" }),
      400,
      "VALIDATION_FAILED",
      "These fields cannot be changed through updateMe: role, email",
    );
    expect((await put({ full_name: "   " })).status).toBe(400);
    expectError(
      await put({ blob: "x".repeat(10_001) }),
      413,
      "PAYLOAD_TOO_LARGE",
      "User data is too large (max 10 KB)",
    );
    expect((await put({ note: "a\u0000b" })).status).toBe(400);
    expect(
      (
        await t.request("PUT", auth("me"), {
          token,
          rawBody: "[1,2]",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request("PUT", auth("me"), {
          token,
          rawBody: "{oops",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);

    // With a User entity, its schema decides what custom fields may hold.
    const schema = { name: "User", type: "object", properties: { bio: { type: "string", maxLength: 10 } } };
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/User`, {
      token: owner.token,
      body: schema,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await put({ bio: "x".repeat(11) })).status).toBe(422);
    expect((await put({ bio: "Hi there" })).body.bio).toBe("Hi there");
    await t.request("DELETE", `/api/apps/${appId}/entities/User`, { token: owner.token });
  });

  it("shows the app's admin (preview token) as an admin user who cannot change their profile here", async () => {
    const token = await signAppToken(t.deps.config, { appId, subjectId: owner.user.id, kind: "admin" });
    const me = await t.request<any>("GET", auth("me"), { token });
    expect(me.body).toMatchObject({ id: owner.user.id, email: owner.user.email, role: "admin" });
    expect((await t.request("PUT", auth("me"), { token, body: { full_name: "X" } })).status).toBe(403);
    // The admin preview may try sign-up on an unpublished app.
    const draft = await createSignupApp(t, owner.token, { publish: false });
    const previewToken = await signAppToken(t.deps.config, {
      appId: draft,
      subjectId: owner.user.id,
      kind: "admin",
    });
    const body = { email: uniqueEmail("appusers", "preview"), password: PASSWORD };
    expect((await t.request("POST", auth("signup", draft), { body, token: previewToken })).status).toBe(201);
  });

  it("logout answers ok, with or without a token", async () => {
    const { token } = await signUpEndUser(t, appId, uniqueEmail("appusers", "bye"));
    expect((await t.request("POST", auth("logout"), { token })).body).toEqual({ ok: true });
    expect((await t.request("POST", auth("logout"))).body).toEqual({ ok: true });
  });

  it("resets a password by mail, without revealing who has an account", async () => {
    const email = uniqueEmail("appusers", "reset");
    await signUpEndUser(t, appId, email);
    const ghost = uniqueEmail("appusers", "ghost");
    expect(
      (await t.request("POST", auth("sendResetPasswordEmail"), { body: { email: ghost } })).body,
    ).toEqual({ ok: true });
    expect(await t.mailsTo(ghost)).toHaveLength(0);
    expect(
      (await t.request("POST", auth("sendResetPasswordEmail"), { body: { email: "not-an-email" } })).body,
    ).toEqual({ ok: true });

    expect((await t.request("POST", auth("sendResetPasswordEmail"), { body: { email } })).body).toEqual({
      ok: true,
    });
    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toBe("Reset your Members password");
    // A second request within the minute sends nothing more (and the first link stays good).
    const mailsBefore = (await t.mailsTo(email)).length;
    expect((await t.request("POST", auth("sendResetPasswordEmail"), { body: { email } })).body).toEqual({
      ok: true,
    });
    expect(await t.mailsTo(email)).toHaveLength(mailsBefore);
    const link = await latestAppLink(t, email);
    expect(link.searchParams.get("mode")).toBe("resetPassword");
    const oobCode = link.searchParams.get("oobCode")!;

    const reset = (password: string, code = oobCode) =>
      t.request("POST", auth("resetPassword"), { body: { oobCode: code, password } });
    expectError(await reset("weak"), 400, "WEAK_PASSWORD", "Password is too weak, please try again");
    expectError(
      await reset("brand-new-pass-7", "bogus"),
      400,
      "LINK_INVALID",
      "Link invalid, try to reset your password again.",
    );
    expect((await reset("brand-new-pass-7")).body).toEqual({ ok: true });
    expectError(
      await reset("brand-new-pass-8"),
      400,
      "LINK_INVALID",
      "Link invalid, try to reset your password again.",
    );

    expect((await t.request("POST", auth("login"), { body: { email, password: PASSWORD } })).status).toBe(
      401,
    );
    const login = await t.request<any>("POST", auth("login"), {
      body: { email, password: "brand-new-pass-7" },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.emailVerified).toBe(true);
  });

  it("revokes app tokens: logout and a password reset end every earlier token (issue 12)", async () => {
    const email = uniqueEmail("appusers", "revoke");
    const first = await signUpEndUser(t, appId, email);
    const second = await t.request<any>("POST", auth("login"), { body: { email, password: PASSWORD } });
    const entities = `/live_api/apps/${appId}/entities/Nothing`;
    const works = async (token: string) => (await t.request("GET", auth("me"), { token })).status === 200;
    // The entity API caches a token's check: read once so the cache holds it.
    await t.request("GET", entities, { token: first.token });
    expect(await works(first.token)).toBe(true);
    expect(await works(second.body.token)).toBe(true);

    expect((await t.request("POST", auth("logout"), { token: first.token })).status).toBe(200);
    expect(await works(first.token)).toBe(false);
    expect(await works(second.body.token)).toBe(false);
    expect((await t.request("GET", entities, { token: first.token })).status).toBe(401);

    const third = await t.request<any>("POST", auth("login"), { body: { email, password: PASSWORD } });
    expect(await works(third.body.token)).toBe(true);
    await t.request("POST", auth("sendResetPasswordEmail"), { body: { email } });
    const oobCode = (await latestAppLink(t, email)).searchParams.get("oobCode");
    expect(
      (await t.request("POST", auth("resetPassword"), { body: { oobCode, password: "fresh-pass-42" } }))
        .status,
    ).toBe(200);
    expect(await works(third.body.token)).toBe(false);
    const fresh = await t.request<any>("POST", auth("login"), { body: { email, password: "fresh-pass-42" } });
    expect(await works(fresh.body.token)).toBe(true);
  });

  it("a disabled builder's preview token stops working (issue 12)", async () => {
    const admin = await t.request<any>("POST", "/api/session/login", {
      body: { email: TEST_ADMIN_EMAIL, password: "correct-horse-42" },
    });
    const builder = await signUpBuilder(t, uniqueEmail("appusers", "previewer"), admin.body.token);
    const app = await createSignupApp(t, builder.token, { name: "Preview" });
    const preview = await t.request<any>("POST", `/api/apps/${app}/preview-token`, { token: builder.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const token = preview.body.token as string;
    const bundle = () => t.request<any>("GET", `/runtime/bundle?appId=${app}&channel=draft`, { token });
    const records = () => t.request<any>("GET", `/live_api/apps/${app}/entities/Nothing`, { token });
    const sendMail = () =>
      t.request<any>("POST", `/integrations/Core/SendEmail?appId=${app}`, { token, body: {} });
    expect((await records()).status).not.toBe(401);
    expect((await sendMail()).status).not.toBe(401);
    expect((await bundle()).status).not.toBe(403);

    const disabled = await t.request("POST", `/api/admin/users/${builder.user.id}/disabled`, {
      token: admin.body.token,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await records()).status).toBe(401);
    expect((await sendMail()).status).toBe(401);
    expect((await bundle()).status).toBe(403);
  });

  it("refuses expired links (verify after 24 h, reset after 1 h)", async () => {
    const { user } = await signUpEndUser(t, appId, uniqueEmail("appusers", "late"));
    const hour = 3600 * 1000;
    const verify = await issueAppUserCode(t.deps.db, user.id, "verify", Date.now() - 24 * hour - 1000);
    expect((await t.request("POST", auth("verify"), { body: { oobCode: verify } })).status).toBe(400);
    const reset = await issueAppUserCode(t.deps.db, user.id, "reset", Date.now() - hour - 1000);
    expectError(
      await t.request("POST", auth("resetPassword"), { body: { oobCode: reset, password: "fresh-pass-42" } }),
      400,
      "LINK_INVALID",
      "Link invalid, try to reset your password again.",
    );
    const fresh = await issueAppUserCode(t.deps.db, user.id, "reset", Date.now() - hour + 60_000);
    expect(
      (
        await t.request("POST", auth("resetPassword"), {
          body: { oobCode: fresh, password: "fresh-pass-42" },
        })
      ).status,
    ).toBe(200);
  });

  it("links go to the custom host's /login when the app has one", async () => {
    const hosted = await createSignupApp(t, owner.token, { name: "Hosted" });
    await t.deps.db
      .updateTable("apps")
      .set({ customHost: "members.example.test" })
      .where("id", "=", hosted)
      .execute();
    const email = uniqueEmail("appusers", "hosted");
    await signUpEndUser(t, hosted, email);
    const link = await latestAppLink(t, email);
    expect(`${link.origin}${link.pathname}`).toBe("http://members.example.test/login");
    expect((await t.mailsTo(email))[0]!.subject).toBe("Verify your email for Hosted");
  });

  it("keeps identities per app: one address is two users, and tokens do not cross apps", async () => {
    const second = await createSignupApp(t, owner.token, { name: "Second" });
    const email = uniqueEmail("appusers", "twice");
    const a = await signUpEndUser(t, appId, email);
    const b = await signUpEndUser(t, second, email, "another-pass-9");
    expect(a.user.id).not.toBe(b.user.id);
    expect(
      (await t.request("POST", auth("login", second), { body: { email, password: PASSWORD } })).status,
    ).toBe(401);
    expect((await t.request("GET", auth("me", second), { token: a.token })).status).toBe(401);
    expect((await t.request("GET", auth("me"), { token: a.token })).status).toBe(200);
  });

  it("lists the app's users for its owner only", async () => {
    const email = uniqueEmail("appusers", "listed");
    await signUpEndUser(t, appId, email);
    const list = await t.request<any>("GET", `/api/apps/${appId}/users`, { token: owner.token });
    expect(list.status).toBe(200);
    const row = list.body.users.find((u: any) => u.email === email);
    expect(Object.keys(row).sort()).toEqual([
      "createdAt",
      "disabled",
      "email",
      "emailVerified",
      "id",
      "lastSeenAt",
      "name",
    ]);
    expect(row.disabled).toBe(false);
    expect((await t.request("GET", `/api/apps/${appId}/users`, { token: stranger })).status).toBe(404);
    expect((await t.request("GET", `/api/apps/${appId}/users`)).status).toBe(401);
  });

  it("keeps 'last seen' from login and token use, written at most once per few minutes", async () => {
    const email = uniqueEmail("appusers", "seen");
    const signedUp = await signUpEndUser(t, appId, email);
    const seenAt = async () =>
      (await t.request<any>("GET", `/api/apps/${appId}/users`, { token: owner.token })).body.users.find(
        (u: any) => u.id === signedUp.user.id,
      ).lastSeenAt as string | null;
    expect(await seenAt()).toBeNull();
    const before = Date.now();
    expect((await t.request("GET", auth("me"), { token: signedUp.token })).status).toBe(200);
    const first = await seenAt();
    expect(first).not.toBeNull();
    expect(new Date(first as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A login right after does not write again (the resolution is minutes).
    expect((await t.request("POST", auth("login"), { body: { email, password: PASSWORD } })).status).toBe(
      200,
    );
    expect(await seenAt()).toBe(first);
  });

  it("the builder disables an end user: no sign-in, every token stops; enabling lets them sign in again", async () => {
    const email = uniqueEmail("appusers", "disabled");
    const user = await signUpEndUser(t, appId, email);
    const entities = `/live_api/apps/${appId}/entities/Nothing`;
    // Cache the token's check in the entity API first: disabling must end it anyway.
    await t.request("GET", entities, { token: user.token });
    expect((await t.request("GET", auth("me"), { token: user.token })).status).toBe(200);
    const path = `/api/apps/${appId}/users/${user.user.id}/disabled`;

    expect((await t.request("PUT", path, { token: stranger, body: { disabled: true } })).status).toBe(404);
    expect((await t.request("PUT", path, { body: { disabled: true } })).status).toBe(401);
    const elsewhere = await createSignupApp(t, owner.token, { name: "Other app" });
    expect(
      (
        await t.request("PUT", `/api/apps/${elsewhere}/users/${user.user.id}/disabled`, {
          token: owner.token,
          body: { disabled: true },
        })
      ).status,
      "a user of another app is not found through this one",
    ).toBe(404);
    expect((await t.request("GET", auth("me"), { token: user.token })).status).toBe(200);

    const disabled = await t.request<any>("PUT", path, { token: owner.token, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: user.user.id, email, disabled: true });
    expect((await t.request("GET", auth("me"), { token: user.token })).status).toBe(401);
    expect((await t.request("GET", entities, { token: user.token })).status).toBe(401);
    expectError(
      await t.request("POST", auth("login"), { body: { email, password: PASSWORD } }),
      403,
      "USER_DISABLED",
      "User is disabled, contact us for more info",
    );
    // The wrong password still reads as any wrong password: the address reveals nothing.
    expect(
      (await t.request("POST", auth("login"), { body: { email, password: "wrong-pass-42" } })).status,
    ).toBe(401);

    expect((await t.request("PUT", path, { token: owner.token, body: { disabled: false } })).status).toBe(
      200,
    );
    // Old tokens stay dead; a new sign-in works.
    expect((await t.request("GET", auth("me"), { token: user.token })).status).toBe(401);
    const again = await t.request<any>("POST", auth("login"), { body: { email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect((await t.request("GET", auth("me"), { token: again.body.token })).status).toBe(200);
  });

  it("end users meet the entity access rules: creator rows stay with their creator", async () => {
    const schema = {
      name: "Note",
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
      permissions: { read: "creator", write: "creator" },
    };
    expect(
      (await t.request("PUT", `/api/apps/${appId}/entities/Note`, { token: owner.token, body: schema }))
        .status,
    ).toBe(200);
    const one = await signUpEndUser(t, appId, uniqueEmail("appusers", "one"));
    const two = await signUpEndUser(t, appId, uniqueEmail("appusers", "two"));
    const notes = `/live_api/apps/${appId}/entities/Note`;
    const created = await t.request<any>("POST", notes, { token: one.token, body: { text: "mine" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.creatorId).toBe(one.user.id);
    expect((await t.request<any>("GET", notes, { token: one.token })).body.total).toBe(1);
    expect((await t.request<any>("GET", notes, { token: two.token })).body).toEqual({ items: [], total: 0 });
    expect((await t.request("GET", `${notes}/${created.body.id}`, { token: two.token })).status).toBe(404);
    // A token of another app is refused outright.
    const elsewhere = await createSignupApp(t, owner.token, { name: "Elsewhere" });
    const outsider = await signUpEndUser(t, elsewhere, uniqueEmail("appusers", "outsider"));
    expect((await t.request("GET", notes, { token: outsider.token })).status).toBe(401);
  });

  it("never answers 500 to malformed input", async () => {
    const cases: [string, string, unknown][] = [
      ["POST", "signup", "{bad"],
      ["POST", "signup", JSON.stringify({ email: 1 })],
      ["POST", "signup", JSON.stringify({ email: "a\u0000@b.c", password: PASSWORD, name: "\u0000" })],
      ["POST", "login", JSON.stringify({ email: "a\u0000@b.c", password: "x" })],
      ["POST", "verify", JSON.stringify({ oobCode: "" })],
      ["POST", "verify", JSON.stringify({ oobCode: "\u0000" })],
      ["POST", "resetPassword", JSON.stringify({ oobCode: "x" })],
      ["POST", "resetPassword", "null"],
    ];
    // A NUL is refused at the edge (400) whatever the address, so it tells no accounts apart.
    const reset = await t.request("POST", auth("sendResetPasswordEmail"), { body: { email: "a\u0000@b.c" } });
    expect(reset.status).toBe(400);
    for (const [method, path, rawBody] of cases) {
      const res = await t.request(method, auth(path), {
        rawBody: rawBody as string,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, `${path} ${String(rawBody)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${String(rawBody)}`).toBeLessThan(500);
    }
  });
});
