import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  appUserAuthResponseSchema,
  appUserDisableBodySchema,
  appUserListResponseSchema,
  appUserLoginBodySchema,
  appUserResetPasswordBodySchema,
  appUserSchema,
  appUserSendResetBodySchema,
  appUserSignupBodySchema,
  appUserSummarySchema,
  appUserUpdateBodySchema,
  appUserVerifyBodySchema,
  hasUnstorableText,
  okSchema,
  previewTokenResponseSchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter, SESSION_SECURITY } from "../../http/create-router.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findOwnedApp } from "../apps/find-owned-app.ts";
import { createViewAsToken } from "./create-view-as-token.ts";
import { findAppUserMe } from "./find-app-user-me.ts";
import { listAppUsers } from "./list-app-users.ts";
import { loadEndUserApp } from "./load-end-user-app.ts";
import { logInAppUser } from "./log-in-app-user.ts";
import { optionalAppToken, requireAppToken } from "./require-app-token.ts";
import { resetAppUserPassword } from "./reset-app-user-password.ts";
import { revokeAppUserTokens } from "./revoke-app-user-tokens.ts";
import { sendAppUserResetMail } from "./send-app-user-reset-mail.ts";
import { setAppUserDisabled } from "./set-app-user-disabled.ts";
import { signUpAppUser } from "./sign-up-app-user.ts";
import { updateAppUserMe } from "./update-app-user-me.ts";
import { verifyAppUserEmail } from "./verify-app-user-email.ts";

const params = z.object({ appId: z.string().min(1).max(200) });
const userParams = params.extend({ userId: z.string().min(1).max(200) });

/** NUL and lone surrogates pass JSON parsing but break Postgres text: refuse them up front. */
function storable<T>(body: T): T {
  if (hasUnstorableText(body))
    throw new AppError("VALIDATION_FAILED", "Text must be valid Unicode without NUL characters");
  return body;
}

/**
 * End users of a space app (docs/space-apps.md, "End users"). Sessions are app tokens
 * (`Authorization: Bearer lat_…`, kind user; a JWS made by app-tokens/app-token.ts) carrying
 * the user's token generation: logout and a password reset move the generation on, revoking them.
 */
export function appUserRoutes(deps: Deps) {
  const router = createRouter();
  const tags = ["App users"];
  const base = "/live_api/apps/{appId}/auth";
  // The app's end users are the builder's business: its owner or a platform admin; anyone
  // else gets 404, so app ids cannot be probed.
  const requireAppBuilder = async (c: Context<AppEnv>, appId: string) => {
    const session = requireSession(c);
    if (isPlatformAdmin(deps, session.user)) await loadEndUserApp(deps.db, appId);
    else await findOwnedApp(deps.db, session.user.id, appId);
    return session;
  };

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/signup`,
      tags,
      summary: "Sign up as an end user of the app (when the app enables sign-up)",
      request: { params, body: jsonBody(appUserSignupBodySchema) },
      responses: {
        201: jsonResponse(appUserAuthResponseSchema, "Signed up; app token and user"),
        ...errorResponses(400, 403, 404, 409),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const body = storable(c.req.valid("json"));
      return c.json(await signUpAppUser({ deps, appId, ...body, headers: c.req.raw.headers }), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/login`,
      tags,
      summary: "Log in as an end user of the app",
      request: { params, body: jsonBody(appUserLoginBodySchema) },
      responses: {
        200: jsonResponse(appUserAuthResponseSchema, "App token and user"),
        ...errorResponses(401, 404, 429),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { email, password } = c.req.valid("json");
      if (hasUnstorableText(email)) throw new AppError("INVALID_CREDENTIALS", "Invalid email or password");
      return c.json(
        await logInAppUser({ deps, appId, email, password, ip: clientIp(c, deps.config.trustProxyHops) }),
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${base}/me`,
      tags,
      summary: "The signed-in end user (app token of this app)",
      request: { params },
      responses: { 200: jsonResponse(appUserSchema, "The user"), ...errorResponses(401) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const claims = await requireAppToken(deps, appId, c.req.raw.headers);
      return c.json(await findAppUserMe(deps, claims), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: `${base}/me`,
      tags,
      summary: "Change the end user's name and the app's own user fields",
      request: { params, body: jsonBody(appUserUpdateBodySchema) },
      responses: {
        200: jsonResponse(appUserSchema, "The updated user"),
        ...errorResponses(400, 401, 403, 413, 422),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const claims = await requireAppToken(deps, appId, c.req.raw.headers);
      const body = storable(c.req.valid("json"));
      return c.json(await updateAppUserMe({ deps, claims, body }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/logout`,
      tags,
      summary: "Log out: every app token of the end user stops working (no token: answers ok)",
      request: { params },
      responses: { 200: jsonResponse(okSchema, "Logged out") },
    }),
    async (c) => {
      const claims = await optionalAppToken(deps, c.req.valid("param").appId, c.req.raw.headers);
      if (claims?.kind === "user") await revokeAppUserTokens(deps.db, claims.subjectId);
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/verify`,
      tags,
      summary: "Verify the end user's e-mail with the code from the mail link; signs the user in (app token)",
      request: { params, body: jsonBody(appUserVerifyBodySchema) },
      responses: {
        200: jsonResponse(appUserAuthResponseSchema, "Verified and signed in"),
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { oobCode } = storable(c.req.valid("json"));
      return c.json(await verifyAppUserEmail({ deps, appId, oobCode }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/sendResetPasswordEmail`,
      tags,
      summary: "Mail a password reset link (answers ok whether or not the address has an account)",
      request: { params, body: jsonBody(appUserSendResetBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Sent if the account exists"), ...errorResponses(404) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { email } = c.req.valid("json");
      if (!hasUnstorableText(email)) await sendAppUserResetMail({ deps, appId, email });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: `${base}/resetPassword`,
      tags,
      summary: "Set a new password with the code from the reset link",
      request: { params, body: jsonBody(appUserResetPasswordBodySchema) },
      responses: { 200: jsonResponse(okSchema, "Password changed"), ...errorResponses(400) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { oobCode, password } = storable(c.req.valid("json"));
      await resetAppUserPassword({ deps, appId, oobCode, password });
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/users",
      security: SESSION_SECURITY,
      tags,
      summary: "The app's end users (owner or platform admin)",
      request: { params },
      responses: {
        200: jsonResponse(appUserListResponseSchema, "Users, newest first"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      await requireAppBuilder(c, appId);
      return c.json({ users: await listAppUsers(deps, appId) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/apps/{appId}/users/{userId}/disabled",
      security: SESSION_SECURITY,
      tags,
      summary: "Disable (no sign-in, tokens stop) or enable an end user of the app (owner or platform admin)",
      request: { params: userParams, body: jsonBody(appUserDisableBodySchema) },
      responses: {
        200: jsonResponse(appUserSummarySchema, "The user as listed"),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { appId, userId } = c.req.valid("param");
      await requireAppBuilder(c, appId);
      const { disabled } = c.req.valid("json");
      return c.json(await setAppUserDisabled(deps, appId, userId, disabled), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/users/{userId}/preview-token",
      security: SESSION_SECURITY,
      tags,
      summary:
        "'View as' an end user in the preview: a short-lived app token of that user (owner or platform admin)",
      request: { params: userParams },
      responses: {
        200: jsonResponse(previewTokenResponseSchema, "Token"),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { appId, userId } = c.req.valid("param");
      const session = await requireAppBuilder(c, appId);
      return c.json(
        await createViewAsToken({ deps, appId, appUserId: userId, builderId: session.user.id }),
        200,
      );
    },
  );

  return router;
}
