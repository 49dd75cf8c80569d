import { createRoute, z } from "@hono/zod-openapi";
import {
  appApiKeyListSchema,
  appApiKeySchema,
  createAppApiKeyBodySchema,
  createdAppApiKeySchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireSession } from "../../http/require-session.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { createAppApiKey } from "./create-app-api-key.ts";
import { listAppApiKeys } from "./list-app-api-keys.ts";
import { revokeAppApiKey } from "./revoke-app-api-key.ts";

const tags = ["Run API"];
const id = z.string().min(1).max(100);

/**
 * The builder's API keys of an app (settings → API keys), for the Run API: list (never
 * the secrets), create (the secret is answered once), revoke. Only those who manage the
 * app (its owner, a platform admin); anyone else gets 404 as for every app route.
 */
export function appApiKeyRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/api-keys",
      tags,
      summary: "The app's API keys (name, hint, created, last used, revoked); never their secrets",
      request: { params: z.object({ appId: id }) },
      responses: { 200: jsonResponse(appApiKeyListSchema, "Keys"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      await findManagedApp(deps, requireSession(c), appId);
      return c.json(await listAppApiKeys(deps, appId), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/api-keys",
      tags,
      summary: "Create an API key; its secret is in this answer only and is never shown again",
      request: { params: z.object({ appId: id }), body: jsonBody(createAppApiKeyBodySchema) },
      responses: {
        201: jsonResponse(createdAppApiKeySchema, "Created"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const session = requireSession(c);
      await findManagedApp(deps, session, appId);
      const { name } = c.req.valid("json");
      return c.json(await createAppApiKey({ deps, appId, name, createdBy: session.user.id }), 201);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/apps/{appId}/api-keys/{keyId}",
      tags,
      summary: "Revoke an API key: refused from the next request on; it stays listed as revoked",
      request: { params: z.object({ appId: id, keyId: id }) },
      responses: { 200: jsonResponse(appApiKeySchema, "Revoked"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId, keyId } = c.req.valid("param");
      await findManagedApp(deps, requireSession(c), appId);
      return c.json(await revokeAppApiKey({ deps, appId, keyId }), 200);
    },
  );

  return router;
}
