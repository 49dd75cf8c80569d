import { createRoute } from "@hono/zod-openapi";
import {
  accountSchema,
  changePasswordBodySchema,
  completeEmailChangeBodySchema,
  confirmEmailChangeBodySchema,
  createAccountBodySchema,
  createAccountResponseSchema,
  emailChangeResponseSchema,
  okSchema,
  resetPasswordBodySchema,
  sendResetPasswordEmailBodySchema,
  sendVerificationEmailBodySchema,
  updateProfileBodySchema,
  verifyEmailBodySchema,
} from "@liftoff/domain";
import { z } from "zod";
import type { Deps } from "../../http/app-env.ts";
import { createRouter, SESSION_SECURITY } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { changePassword } from "./change-password.ts";
import { completeEmailChange } from "./complete-email-change.ts";
import { confirmEmailChange } from "./confirm-email-change.ts";
import { ensureAccount } from "./ensure-account.ts";
import { getCurrentAccount } from "./get-current-account.ts";
import { resetPassword } from "./reset-password.ts";
import { sendResetPasswordEmail } from "./send-reset-password-email.ts";
import { sendVerificationEmail } from "./send-verification-email.ts";
import { updateProfile } from "./update-profile.ts";
import { verifyEmail } from "./verify-email.ts";

const ok = { ok: true as const };
const tags = ["Account"];

/** Spec section 7 gives account paths under both /api/account and /api/live_api/account. */
const BOTH = ["/api/account", "/api/live_api/account"] as const;

export function accountRoutes(deps: Deps) {
  const router = createRouter();

  for (const base of BOTH) {
    router.openapi(
      createRoute({
        method: "post",
        path: `${base}/create`,
        security: SESSION_SECURITY,
        tags,
        summary: "Create the signed-in user's account (idempotent)",
        request: { body: { ...jsonBody(createAccountBodySchema), required: false } },
        responses: {
          200: jsonResponse(createAccountResponseSchema, "The account id"),
          ...errorResponses(401),
        },
      }),
      async (c) => {
        const session = requireSession(c);
        const body = createAccountBodySchema.parse(await c.req.json().catch(() => ({})));
        return c.json(
          { accountId: await ensureAccount({ db: deps.db, userId: session.user.id, saleId: body.saleId }) },
          200,
        );
      },
    );

    router.openapi(
      createRoute({
        method: "get",
        path: `${base}/current`,
        security: SESSION_SECURITY,
        tags,
        summary: "The signed-in user's account with plan limits and usage",
        responses: { 200: jsonResponse(accountSchema, "Account"), ...errorResponses(401, 404) },
      }),
      async (c) => c.json(await getCurrentAccount({ deps, session: requireSession(c) }), 200),
    );

    router.openapi(
      createRoute({
        method: "post",
        path: `${base}/sendResetPasswordEmail`,
        tags,
        summary: "Send a password reset link",
        request: { body: jsonBody(sendResetPasswordEmailBodySchema) },
        responses: {
          200: jsonResponse(okSchema, "Sent when the address has an account"),
          ...errorResponses(400, 503),
        },
      }),
      async (c) => {
        const body = c.req.valid("json");
        await sendResetPasswordEmail({ deps, email: body.email, continueUrl: body.continueUrl });
        return c.json(ok, 200);
      },
    );

    router.openapi(
      createRoute({
        method: "post",
        path: `${base}/completeEmailChange`,
        security: SESSION_SECURITY,
        tags,
        summary:
          "Ask to change the sign-in e-mail (re-checks the current password); it changes once the link sent to the new address is opened",
        request: { body: jsonBody(completeEmailChangeBodySchema) },
        responses: {
          200: jsonResponse(emailChangeResponseSchema, "Confirmation link sent to the new address"),
          ...errorResponses(400, 401, 409),
        },
      }),
      async (c) => {
        const session = requireSession(c);
        const body = c.req.valid("json");
        const result = await completeEmailChange({
          deps,
          session,
          newEmail: body.newEmail,
          password: body.password,
          headers: c.req.raw.headers,
        });
        return c.json(result, 200);
      },
    );
  }

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/sendVerificationEmail",
      security: SESSION_SECURITY,
      tags,
      summary: "Send the verification mail again",
      request: { body: jsonBody(sendVerificationEmailBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Sent"), ...errorResponses(401) },
    }),
    async (c) => {
      await sendVerificationEmail({
        deps,
        session: requireSession(c),
        continueUrl: c.req.valid("json").continueUrl,
      });
      return c.json(ok, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/verifyEmail",
      tags,
      summary: "Confirm an e-mail address with the code from the mail",
      request: { body: jsonBody(verifyEmailBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Verified"), ...errorResponses(400) },
    }),
    async (c) => {
      await verifyEmail({ deps, oobCode: c.req.valid("json").oobCode });
      return c.json(ok, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/confirmEmailChange",
      tags,
      summary: "Complete an e-mail change with the code from the mail sent to the new address",
      request: { body: jsonBody(confirmEmailChangeBodySchema) },
      responses: {
        200: jsonResponse(z.object({ email: z.string() }), "Email updated"),
        ...errorResponses(400, 409),
      },
    }),
    async (c) => c.json(await confirmEmailChange({ deps, oobCode: c.req.valid("json").oobCode }), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/resetPassword",
      tags,
      summary: "Set a new password with the code from the reset mail",
      request: { body: jsonBody(resetPasswordBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Password reset"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await resetPassword({ deps, oobCode: body.oobCode, newPassword: body.newPassword });
      return c.json(ok, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/changePassword",
      security: SESSION_SECURITY,
      tags,
      summary: "Change the password",
      request: { body: jsonBody(changePasswordBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Changed"), ...errorResponses(400, 401) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await changePassword({ deps, session: requireSession(c), ...body, headers: c.req.raw.headers });
      return c.json(ok, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/updateProfile",
      security: SESSION_SECURITY,
      tags,
      summary: "Update the display name",
      request: { body: jsonBody(updateProfileBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Updated"), ...errorResponses(400, 401) },
    }),
    async (c) => {
      await updateProfile({ deps, session: requireSession(c), name: c.req.valid("json").name });
      return c.json(ok, 200);
    },
  );

  return router;
}
