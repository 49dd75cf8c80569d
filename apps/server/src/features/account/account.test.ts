import { accountSchema, planLimits } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTINUE_URL_MESSAGE } from "../../auth/safe-continue-url.ts";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";
import { EMAIL_CHANGE_LINK_INVALID } from "./confirm-email-change.ts";

/** The account routes of docs/api.md against the real platform and the real dev mailbox. */
describe("account routes", () => {
  let t: TestPlatform;
  let adminToken: string;
  const uniqueEmail = (label: string) => sharedUniqueEmail("account", label);

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL, TEST_PASSWORD, "Admin")).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const logIn = (email: string, password: string) =>
    t.request<any>("POST", "/api/session/login", { body: { email, password } });
  const current = (token: string, base = "/api/account") =>
    t.request<any>("GET", `${base}/current`, { token });

  describe("create", () => {
    it.each(["/api/account/create", "/api/live_api/account/create"])("%s is idempotent", async (path) => {
      const session = await t.signUp(uniqueEmail("create"));
      const first = await t.request<any>("POST", path, { token: session.token });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ accountId: expect.any(String) });
      const second = await t.request<any>("POST", path, { token: session.token, body: {} });
      expect(second.status).toBe(200);
      expect(second.body.accountId).toBe(first.body.accountId);
      // Both paths name the same account, which is the one current shows.
      const other = path.includes("live_api") ? "/api/account/create" : "/api/live_api/account/create";
      expect((await t.request<any>("POST", other, { token: session.token })).body.accountId).toBe(
        first.body.accountId,
      );
      expect((await current(session.token)).body.accountId).toBe(first.body.accountId);
    });

    it.each(["/api/account/create", "/api/live_api/account/create"])(
      "%s answers 401 without a token",
      async (path) => {
        expectError(await t.request("POST", path), 401, "UNAUTHORIZED", "Please log in to continue");
        expectError(
          await t.request("POST", path, { token: "garbage-token", body: { saleId: "sale_x" } }),
          401,
          "UNAUTHORIZED",
          "Please log in to continue",
        );
      },
    );

    it("stores a sale id once in subscriptionPaymentsIds", async () => {
      const session = await t.signUp(uniqueEmail("sale"));
      const first = await t.request<any>("POST", "/api/account/create", {
        token: session.token,
        body: { saleId: "sale_123" },
      });
      expect(first.status).toBe(200);
      await t.request("POST", "/api/live_api/account/create", {
        token: session.token,
        body: { saleId: "sale_123" },
      });
      expect((await current(session.token)).body.subscriptionPaymentsIds).toEqual(["sale_123"]);
      await t.request("POST", "/api/account/create", { token: session.token, body: { saleId: "sale_456" } });
      const account = (await current(session.token)).body;
      expect(account.subscriptionPaymentsIds).toEqual(["sale_123", "sale_456"]);
      expect(account.accountId).toBe(first.body.accountId);
    });
  });

  describe("current", () => {
    it.each(["/api/account", "/api/live_api/account"])(
      "%s/current returns every account field with lite limits",
      async (base) => {
        const email = uniqueEmail("current");
        const session = await t.signUp(email, TEST_PASSWORD, "Lin Lite");
        const res = await current(session.token, base);
        expect(res.status).toBe(200);
        const account = accountSchema.strict().parse(res.body);
        // Every field of the schema is present (none left to a default).
        expect(Object.keys(res.body).sort()).toEqual(Object.keys(accountSchema.shape).sort());
        const lite = planLimits(null);
        expect(account).toEqual({
          accountId: expect.any(String),
          accountType: "builder",
          email,
          name: "Lin Lite",
          emailVerified: false,
          plan: null,
          subscriptionId: null,
          planSubscriptionStatus: null,
          planSubscriptionCancelledAt: null,
          appId: null,
          appHeader: null,
          hasBusinessInfo: false,
          hasPaidAppPackage: false,
          isAdmin: false,
          appRunsUsed: 0,
          appRunsTotal: lite.appRunsTotal,
          appGenerationsUsed: 0,
          appGenerationsTotal: lite.appGenerationsTotal,
          dataProcessingUsed: 0,
          dataProcessingTotal: lite.dataProcessingTotal,
          appsCount: 0,
          maxApps: lite.maxApps,
          maxGenApps: lite.maxGenApps,
          maxSpaceApps: lite.maxSpaceApps,
          genAppsCount: 0,
          spaceAppsCount: 0,
          maxToolsPerApp: lite.maxToolsPerApp,
          myAppIds: [],
          featureFlags: {},
          builderChatMessagesUsed: 0,
          builderChatMessagesTotal: lite.builderChatMessagesTotal,
          appPackages: [],
          subscriptionPaymentsIds: [],
        });
        // Both paths answer the same account.
        const otherBase = base === "/api/account" ? "/api/live_api/account" : "/api/account";
        expect((await current(session.token, otherBase)).body).toEqual(res.body);
      },
    );

    it("answers 401 without a valid token on both paths", async () => {
      for (const path of ["/api/account/current", "/api/live_api/account/current"]) {
        expectError(await t.request("GET", path), 401, "UNAUTHORIZED", "Please log in to continue");
        expectError(
          await t.request("GET", path, { token: "nope" }),
          401,
          "UNAUTHORIZED",
          "Please log in to continue",
        );
      }
    });

    it("flags only the configured admin address as admin", async () => {
      const admin = await current(adminToken);
      expect(admin.status).toBe(200);
      expect(admin.body.isAdmin).toBe(true);
      expect(admin.body.email).toBe(TEST_ADMIN_EMAIL);

      const lookalike = await t.signUp(`x${TEST_ADMIN_EMAIL}`);
      expect((await current(lookalike.token)).body.isAdmin).toBe(false);
    });

    it("myAppIds and appsCount follow the apps the user creates and deletes", async () => {
      const session = await t.signUp(uniqueEmail("apps"));
      // Two space apps need more than the free plan's one.
      const plan = await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
        token: adminToken,
        body: { plan: "builder" },
      });
      expect(plan.status).toBe(200);
      const ids: string[] = [];
      for (const name of ["My first", "My second"]) {
        const res = await t.request<any>("POST", "/api/apps", {
          token: session.token,
          body: { appType: "space", name },
        });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
        const account = (await current(session.token)).body;
        expect(account.appsCount).toBe(ids.length);
        expect([...account.myAppIds].sort()).toEqual([...ids].sort());
      }
      expect((await t.request("DELETE", `/api/apps/${ids[0]}`, { token: session.token })).status).toBe(200);
      const account = (await current(session.token)).body;
      expect(account.appsCount).toBe(1);
      expect(account.myAppIds).toEqual([ids[1]]);

      // Someone else's apps never show up.
      const other = await t.signUp(uniqueEmail("apps-other"));
      const otherAccount = (await current(other.token)).body;
      expect(otherAccount.appsCount).toBe(0);
      expect(otherAccount.myAppIds).toEqual([]);
    });
  });

  describe("e-mail verification", () => {
    it("verifies the address with the code from the sign-up mail", async () => {
      const email = uniqueEmail("verify");
      const session = await t.signUp(email);
      const link = await t.latestLink(email);
      expect(link.searchParams.get("mode")).toBe("verifyEmail");
      const res = await t.request<any>("POST", "/api/account/verifyEmail", {
        body: { oobCode: link.searchParams.get("oobCode") },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await current(session.token)).body.emailVerified).toBe(true);
      const refreshed = await t.request<any>("POST", "/api/session/refresh", { token: session.token });
      expect(refreshed.body.user.emailVerified).toBe(true);
    });

    it("rejects a garbage code with 400 LINK_INVALID", async () => {
      for (const oobCode of ["garbage", "a.b.c", "x".repeat(500)]) {
        const res = await t.request<any>("POST", "/api/account/verifyEmail", { body: { oobCode } });
        expectError(
          res,
          400,
          "LINK_INVALID",
          "This verification link is invalid or has expired. Send a new one from the app.",
        );
      }
      const empty = await t.request<any>("POST", "/api/account/verifyEmail", { body: { oobCode: "" } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe("VALIDATION_FAILED");
    });

    it("resends the verification mail on request, and the new link verifies too", async () => {
      const email = uniqueEmail("resend");
      const session = await t.signUp(email);
      expect(await t.mailsTo(email)).toHaveLength(1);
      const res = await t.request<any>("POST", "/api/account/sendVerificationEmail", {
        token: session.token,
        body: { continueUrl: "/apps/abc" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const mails = await t.mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.subject).toBe("Verify your email for Liftoff");
      const link = await t.latestLink(email);
      expect(link.searchParams.get("mode")).toBe("verifyEmail");
      expect(link.searchParams.get("continueUrl")).toBe("/apps/abc");
      const verified = await t.request("POST", "/api/account/verifyEmail", {
        body: { oobCode: link.searchParams.get("oobCode") },
      });
      expect(verified.status).toBe(200);
      expect((await current(session.token)).body.emailVerified).toBe(true);
    });

    it("checks continueUrl on the server: a path or this site's own URL, never another site", async () => {
      const email = uniqueEmail("continue");
      const session = await t.signUp(email);
      const hostile = [
        "https://evil.example/x",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
      ];
      for (const continueUrl of hostile) {
        for (const [path, body, token] of [
          ["/api/account/sendVerificationEmail", { continueUrl }, session.token],
          ["/api/account/sendResetPasswordEmail", { email, continueUrl }, undefined],
          [
            "/api/session/signup",
            { email: uniqueEmail("c"), password: TEST_PASSWORD, continueUrl },
            undefined,
          ],
        ] as const) {
          expectError(
            await t.request<any>("POST", path, { token, body }),
            400,
            "VALIDATION_FAILED",
            CONTINUE_URL_MESSAGE,
          );
        }
      }
      // The platform's own absolute URL is kept as its path.
      const own = await t.request<any>("POST", "/api/account/sendResetPasswordEmail", {
        body: { email, continueUrl: "http://localhost:3000/apps/x?y=1" },
      });
      expect(own.status).toBe(200);
      expect((await t.latestLink(email)).searchParams.get("continueUrl")).toBe("/apps/x?y=1");
    });

    it("resending needs a session", async () => {
      expectError(
        await t.request("POST", "/api/account/sendVerificationEmail", { body: {} }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
    });
  });

  describe("password reset", () => {
    const sendReset = (email: string, extra: Record<string, unknown> = {}) =>
      t.request<any>("POST", "/api/account/sendResetPasswordEmail", { body: { email, ...extra } });
    const resetPassword = (oobCode: string, newPassword: string) =>
      t.request<any>("POST", "/api/account/resetPassword", { body: { oobCode, newPassword } });

    async function resetCodeFor(email: string): Promise<string> {
      const res = await sendReset(email);
      expect(res.status).toBe(200);
      const link = await t.latestLink(email);
      expect(link.searchParams.get("mode")).toBe("resetPassword");
      return link.searchParams.get("oobCode")!;
    }

    it("mails a reset link to a known address (on both paths)", async () => {
      const email = uniqueEmail("reset-mail");
      await t.signUp(email);
      const res = await sendReset(` ${email.toUpperCase()} `, {
        mainAppId: "app_1",
        continueUrl: "/login?from=reset",
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const mails = await t.mailsTo(email);
      expect(mails).toHaveLength(2); // the verification mail, then the reset mail
      expect(mails[0]!.subject).toBe("Reset your Liftoff password");
      const link = await t.latestLink(email);
      expect(link.origin).toBe("http://localhost:3000");
      expect(link.pathname).toBe("/auth/handler");
      expect(link.searchParams.get("mode")).toBe("resetPassword");
      expect(link.searchParams.get("oobCode")).toEqual(expect.any(String));
      expect(link.searchParams.get("continueUrl")).toBe("/login?from=reset");

      const alias = await t.request<any>("POST", "/api/live_api/account/sendResetPasswordEmail", {
        body: { email },
      });
      expect(alias.status).toBe(200);
      expect(await t.mailsTo(email)).toHaveLength(3);
    });

    it("answers ok for an unknown address without sending anything", async () => {
      const email = uniqueEmail("reset-unknown");
      const res = await sendReset(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(await t.mailsTo(email)).toEqual([]);
    });

    it("rejects a malformed address", async () => {
      expectError(await sendReset("not-an-email"), 400, "INVALID_EMAIL", "This email is invalid");
    });

    it("rejects a garbage code with 'Link invalid, try to reset your password again.'", async () => {
      expectError(
        await resetPassword("garbage-code", "brand-new-pass-1"),
        400,
        "LINK_INVALID",
        "Link invalid, try to reset your password again.",
      );
    });

    it("rejects an expired link with 'Link invalid, try to reset your password again.'", async () => {
      const email = uniqueEmail("reset-expired");
      await t.signUp(email);
      const code = await resetCodeFor(email);
      await t.deps.db
        .updateTable("verifications")
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where("identifier", "=", `reset-password:${code}`)
        .execute();
      expectError(
        await resetPassword(code, "brand-new-pass-1"),
        400,
        "LINK_INVALID",
        "Link invalid, try to reset your password again.",
      );
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
    });

    it("resets the password: weak rejected, old password and old sessions stop working, code single-use", async () => {
      const email = uniqueEmail("reset");
      const session = await t.signUp(email);
      const code = await resetCodeFor(email);

      for (const weak of ["short1", "abcdefghij", "        "]) {
        expectError(
          await resetPassword(code, weak),
          400,
          "WEAK_PASSWORD",
          "Password is too weak, please try again",
        );
      }
      // A rejected attempt leaves the old password in place.
      expect((await current(session.token)).status).toBe(200);

      const newPassword = "brand-new-pass-1";
      const res = await resetPassword(code, newPassword);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      expectError(await logIn(email, TEST_PASSWORD), 401, "INVALID_CREDENTIALS", "Invalid email or password");
      const login = await logIn(email, newPassword);
      expect(login.status).toBe(200);
      expect((await current(login.body.token)).status).toBe(200);
      expectError(await current(session.token), 401, "UNAUTHORIZED", "Please log in to continue");

      expectError(
        await resetPassword(code, "another-pass-2"),
        400,
        "LINK_INVALID",
        "Link invalid, try to reset your password again.",
      );
      expect((await logIn(email, newPassword)).status).toBe(200);
    });

    it("answers 'User not found or disabled' for a user the admin disabled", async () => {
      const email = uniqueEmail("reset-disabled");
      const session = await t.signUp(email);
      const code = await resetCodeFor(email);
      const disabled = await t.request("POST", `/api/admin/users/${session.user.id}/disabled`, {
        token: adminToken,
        body: { disabled: true },
      });
      expect(disabled.status).toBe(200);
      expectError(
        await resetPassword(code, "brand-new-pass-1"),
        404,
        "NOT_FOUND",
        "User not found or disabled",
      );
    });
  });

  describe("e-mail change", () => {
    const changeEmail = (
      token: string,
      newEmail: string,
      password: string,
      path = "/api/account/completeEmailChange",
    ) => t.request<any>("POST", path, { token, body: { newEmail, password } });

    it("re-checks the current password", async () => {
      const email = uniqueEmail("change-wrongpw");
      const session = await t.signUp(email);
      const res = await changeEmail(session.token, uniqueEmail("change-target"), "not-my-password-1");
      expectError(res, 401, "INVALID_CREDENTIALS", "The current password is not correct");
      expect((await current(session.token)).body.email).toBe(email);
    });

    it("rejects an address that is already taken with 409 auth/email-already-exists", async () => {
      const session = await t.signUp(uniqueEmail("change-taken"));
      const takenEmail = uniqueEmail("taken");
      await t.signUp(takenEmail);
      for (const newEmail of [takenEmail, ` ${takenEmail.toUpperCase()} `]) {
        for (const path of [
          "/api/account/completeEmailChange",
          "/api/live_api/account/completeEmailChange",
        ]) {
          const res = await changeEmail(session.token, newEmail, TEST_PASSWORD, path);
          expectError(res, 409, "auth/email-already-exists", "This email is already in use");
        }
      }
    });

    it("rejects an invalid address", async () => {
      const session = await t.signUp(uniqueEmail("change-invalid"));
      for (const newEmail of ["not-an-email", "", "a@"]) {
        expectError(
          await changeEmail(session.token, newEmail, TEST_PASSWORD),
          400,
          "INVALID_EMAIL",
          "This email is invalid",
        );
      }
    });

    it("needs a session", async () => {
      expectError(
        await changeEmail("", uniqueEmail("anon"), TEST_PASSWORD),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
    });

    const changeLink = async (email: string) => {
      const [mail] = await t.mailsTo(email);
      expect(mail?.subject).toBe("Confirm your new email for Liftoff");
      const link = await t.latestLink(email);
      expect(link.searchParams.get("mode")).toBe("verifyAndChangeEmail");
      expect(link.searchParams.get("continueUrl")).toBe("/settings/email");
      return link.searchParams.get("oobCode")!;
    };
    const confirm = (oobCode: string) =>
      t.request<any>("POST", "/api/account/confirmEmailChange", { body: { oobCode } });

    it("changes nothing until the link sent to the NEW address is opened; then moves over and tells the old one", async () => {
      const oldEmail = uniqueEmail("change-old");
      const newEmail = uniqueEmail("change-new");
      const session = await t.signUp(oldEmail);
      await t.verify(oldEmail);
      expect((await current(session.token)).body.emailVerified).toBe(true);
      const oldMailCount = (await t.mailsTo(oldEmail)).length;

      const res = await changeEmail(session.token, ` ${newEmail.toUpperCase()} `, TEST_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ email: oldEmail, pendingEmail: newEmail });

      // Still the old, verified address: the request alone moves nothing.
      let account = (await current(session.token)).body;
      expect(account.email).toBe(oldEmail);
      expect(account.emailVerified).toBe(true);
      expect((await logIn(oldEmail, TEST_PASSWORD)).status).toBe(200);
      expect(await t.mailsTo(oldEmail)).toHaveLength(oldMailCount);
      const code = await changeLink(newEmail);

      const confirmed = await confirm(code);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ email: newEmail });
      account = (await current(session.token)).body;
      expect(account.email).toBe(newEmail);
      // Opening the link proved the new address.
      expect(account.emailVerified).toBe(true);

      // The old address hears about it, with a way back.
      const [notice] = await t.mailsTo(oldEmail);
      expect(notice!.subject).toBe("Your Liftoff sign-in email was changed");
      expect(notice!.text).toContain(newEmail);
      expect(notice!.text).toContain("/login?mode=reset");

      expectError(
        await logIn(oldEmail, TEST_PASSWORD),
        401,
        "INVALID_CREDENTIALS",
        "Invalid email or password",
      );
      expect((await logIn(newEmail, TEST_PASSWORD)).body.user.email).toBe(newEmail);
      // The link works once.
      expectError(await confirm(code), 400, "LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
      // The old address is free again.
      expect(
        (
          await t.request("POST", "/api/session/signup", {
            body: { email: oldEmail, password: TEST_PASSWORD },
          })
        ).status,
      ).toBe(201);
    });

    it("refuses a forged or expired code, and a stale one after the address changed otherwise", async () => {
      expectError(await confirm("not-a-real-code"), 400, "LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
      const oldEmail = uniqueEmail("change-expired");
      const session = await t.signUp(oldEmail);
      const target = uniqueEmail("change-expired-new");
      expect((await changeEmail(session.token, target, TEST_PASSWORD)).status).toBe(200);
      const code = await changeLink(target);
      await t.deps.db
        .updateTable("verifications")
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where("identifier", "like", "change-email:%")
        .execute();
      expectError(await confirm(code), 400, "LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
      expect((await current(session.token)).body.email).toBe(oldEmail);

      // Two pending changes: once one completes, the other (asked from the old address) is stale.
      const first = uniqueEmail("change-a");
      const second = uniqueEmail("change-b");
      await changeEmail(session.token, first, TEST_PASSWORD);
      const firstCode = await changeLink(first);
      await changeEmail(session.token, second, TEST_PASSWORD);
      const secondCode = await changeLink(second);
      expect((await confirm(secondCode)).status).toBe(200);
      expectError(await confirm(firstCode), 400, "LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
      expect((await current(session.token)).body.email).toBe(second);
    });

    it("refuses the confirmation when someone took the address meanwhile", async () => {
      const session = await t.signUp(uniqueEmail("change-race"));
      const target = uniqueEmail("change-race-new");
      await changeEmail(session.token, target, TEST_PASSWORD);
      const code = await changeLink(target);
      await t.signUp(target);
      expectError(await confirm(code), 409, "auth/email-already-exists", "This email is already in use");
    });
  });

  describe("change password", () => {
    const changePassword = (token: string, currentPassword: string, newPassword: string) =>
      t.request<any>("POST", "/api/account/changePassword", {
        token,
        body: { currentPassword, newPassword },
      });

    it("rejects a wrong current password", async () => {
      const email = uniqueEmail("pw-wrong");
      const session = await t.signUp(email);
      expectError(
        await changePassword(session.token, "not-my-password-1", "brand-new-pass-1"),
        401,
        "INVALID_CREDENTIALS",
        "The current password is not correct",
      );
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
    });

    it("rejects a weak new password", async () => {
      const email = uniqueEmail("pw-weak");
      const session = await t.signUp(email);
      for (const weak of ["short1", "abcdefghij", "        "]) {
        expectError(
          await changePassword(session.token, TEST_PASSWORD, weak),
          400,
          "WEAK_PASSWORD",
          "This password is too weak",
        );
      }
      expect((await logIn(email, TEST_PASSWORD)).status).toBe(200);
    });

    it("needs a session", async () => {
      expectError(
        await changePassword("", TEST_PASSWORD, "brand-new-pass-1"),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
    });

    it("changes the password and signs out the other sessions, keeping the current one", async () => {
      const email = uniqueEmail("pw-ok");
      const session = await t.signUp(email);
      const other = await logIn(email, TEST_PASSWORD);
      expect(other.status).toBe(200);

      const res = await changePassword(session.token, TEST_PASSWORD, "brand-new-pass-1");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      expectError(await logIn(email, TEST_PASSWORD), 401, "INVALID_CREDENTIALS", "Invalid email or password");
      expect((await logIn(email, "brand-new-pass-1")).status).toBe(200);
      expectError(await current(other.body.token), 401, "UNAUTHORIZED", "Please log in to continue");
      // The session that made the change stays signed in.
      expect((await current(session.token)).status).toBe(200);
    });
  });

  describe("update profile", () => {
    it("changes the display name", async () => {
      const session = await t.signUp(uniqueEmail("profile"), TEST_PASSWORD, "Old Name");
      const res = await t.request<any>("POST", "/api/account/updateProfile", {
        token: session.token,
        body: { name: "  New Name  " },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await current(session.token)).body.name).toBe("New Name");
      const refreshed = await t.request<any>("POST", "/api/session/refresh", { token: session.token });
      expect(refreshed.body.user.name).toBe("New Name");
    });

    it("rejects an empty name and needs a session", async () => {
      const session = await t.signUp(uniqueEmail("profile-empty"), TEST_PASSWORD, "Kept Name");
      const res = await t.request<any>("POST", "/api/account/updateProfile", {
        token: session.token,
        body: { name: "   " },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect((await current(session.token)).body.name).toBe("Kept Name");
      expectError(
        await t.request("POST", "/api/account/updateProfile", { body: { name: "Anon" } }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
    });
  });
});
