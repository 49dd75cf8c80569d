import { createRoute, z } from "@hono/zod-openapi";
import {
  loginBodySchema,
  okSchema,
  providersResponseSchema,
  type SessionResponse,
  sessionResponseSchema,
  signUpBodySchema,
  socialProviderSchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter, SESSION_SECURITY } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { clearSessionCookie, wantsCookieSession, writeSessionCookie } from "../../http/session-cookie.ts";
import { configuredProviders } from "./configured-providers.ts";
import { logIn } from "./log-in.ts";
import { logOut } from "./log-out.ts";
import { sessionResponse } from "./session-response.ts";
import { signUp } from "./sign-up.ts";
import { startSocialSignIn } from "./start-social-sign-in.ts";

/**
 * Every answer that starts or renews a session also sets the HttpOnly session cookie (the
 * web app's session, `http/session-cookie.ts`); a client that asked for a cookie session
 * gets an empty token in the body, so the token never reaches its JavaScript.
 */
async function startCookieSession(
  c: Context<AppEnv>,
  deps: Deps,
  result: SessionResponse,
): Promise<SessionResponse> {
  await writeSessionCookie(c, deps, result);
  return wantsCookieSession(c) ? { ...result, token: "" } : result;
}

export function sessionRoutes(deps: Deps) {
  const router = createRouter();
  const tags = ["Session"];

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/session/signup",
      tags,
      summary: "Sign up with e-mail and password",
      request: { body: jsonBody(signUpBodySchema) },
      responses: {
        201: jsonResponse(sessionResponseSchema, "Signed up and signed in"),
        ...errorResponses(400, 409),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await signUp({ deps, ...body, headers: c.req.raw.headers });
      return c.json(await startCookieSession(c, deps, result), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/session/login",
      tags,
      summary: "Log in with e-mail and password",
      request: { body: jsonBody(loginBodySchema) },
      responses: { 200: jsonResponse(sessionResponseSchema, "Signed in"), ...errorResponses(401, 403, 429) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await logIn({
        deps,
        ...body,
        ip: clientIp(c, deps.config.trustProxyHops),
        headers: c.req.raw.headers,
      });
      return c.json(await startCookieSession(c, deps, result), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/session/refresh",
      security: SESSION_SECURITY,
      tags,
      summary: "Re-validate the session and return its token (the web client calls this every 50 minutes)",
      responses: { 200: jsonResponse(sessionResponseSchema, "Current session"), ...errorResponses(401) },
    }),
    async (c) => {
      const result = await sessionResponse(deps, requireSession(c).session.token);
      return c.json(await startCookieSession(c, deps, result), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/session/exchange",
      security: SESSION_SECURITY,
      tags,
      summary: "Turn the session cookie set by an OAuth callback into a bearer token",
      responses: { 200: jsonResponse(sessionResponseSchema, "Current session"), ...errorResponses(401) },
    }),
    async (c) => {
      const result = await sessionResponse(deps, requireSession(c).session.token);
      return c.json(await startCookieSession(c, deps, result), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/session/logout",
      tags,
      summary: "Log out",
      responses: { 200: jsonResponse(okSchema, "Logged out") },
    }),
    async (c) => {
      const session = c.get("session");
      if (session) await logOut({ deps, sessionToken: session.session.token });
      await clearSessionCookie(c, deps);
      return c.json({ ok: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/session/providers",
      tags,
      summary: "Social sign-in providers configured on this server",
      responses: { 200: jsonResponse(providersResponseSchema, "Providers") },
    }),
    (c) => c.json({ providers: configuredProviders(deps.config) }, 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/auth/social/{provider}",
      tags,
      summary: "Start a social sign-in (opened in a popup by the login screen)",
      request: {
        params: z.object({ provider: socialProviderSchema }),
        query: z.object({ popup: z.string().optional() }),
      },
      responses: { 302: { description: "Redirect to the provider" }, ...errorResponses(404) },
    }),
    async (c) => {
      const { provider } = c.req.valid("param");
      const { popup } = c.req.valid("query");
      return startSocialSignIn({ deps, provider, popup: popup === "1", headers: c.req.raw.headers });
    },
  );

  return router;
}
