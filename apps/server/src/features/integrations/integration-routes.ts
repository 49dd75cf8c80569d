import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  CORE_INTEGRATION_NAMES,
  type CoreIntegrationName,
  INTEGRATION_MESSAGES,
  integrationsSchemaResponseSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";
import { loadEndUserApp } from "../app-users/load-end-user-app.ts";
import { createFileSignedUrl, PRIVATE_FILE_URI_PREFIX } from "./create-file-signed-url.ts";
import { verifyFileUrl } from "./file-signature.ts";
import { invokeLlm } from "./invoke-llm.ts";
import { type IntegrationParams, readIntegrationParams } from "./read-integration-params.ts";
import { type IntegrationCaller, resolveIntegrationCaller } from "./resolve-integration-caller.ts";
import { sendAppEmail } from "./send-app-email.ts";
import { serveStoredFile } from "./serve-stored-file.ts";
import { storeUploadedFile } from "./store-uploaded-file.ts";

type Handler = (deps: Deps, caller: IntegrationCaller, params: IntegrationParams) => Promise<unknown>;

/** Not built yet: an honest error the app can show, never invented output. */
const unavailable =
  (name: CoreIntegrationName): Handler =>
  async (deps) => {
    if (!deps.ai.config) throw new AppError("SERVICE_UNAVAILABLE", INTEGRATION_MESSAGES.noAiModel);
    throw new AppError("SERVICE_UNAVAILABLE", INTEGRATION_MESSAGES.notAvailable(name));
  };

const CORE: Record<CoreIntegrationName, Handler> = {
  UploadFile: async (deps, caller, params) => {
    const file = await storeUploadedFile({ deps, caller, file: params.file, isPrivate: false });
    return { file_url: `${deps.config.publicUrl}/files/${file.id}/${encodeURIComponent(file.name)}` };
  },
  UploadPrivateFile: async (deps, caller, params) => {
    const file = await storeUploadedFile({ deps, caller, file: params.file, isPrivate: true });
    return { file_uri: `${PRIVATE_FILE_URI_PREFIX}${file.id}` };
  },
  CreateFileSignedUrl: (deps, caller, params) => createFileSignedUrl({ deps, caller, params }),
  SendEmail: (deps, caller, params) => sendAppEmail({ deps, caller, params }),
  InvokeLLM: (deps, _caller, params) => invokeLlm(deps, params),
  GenerateImage: unavailable("GenerateImage"),
  ExtractDataFromUploadedFile: unavailable("ExtractDataFromUploadedFile"),
};

const isCore = (name: string): name is CoreIntegrationName =>
  (CORE_INTEGRATION_NAMES as readonly string[]).includes(name);

/**
 * The runtime's integrations (spec section 7): POST /integrations/Core/{endpoint}?appId=,
 * the schema of what an app has installed, and the files they store. The call routes read
 * JSON or multipart themselves (one endpoint takes both), so they are plain routes with
 * their OpenAPI entries registered by hand.
 */
export function integrationRoutes(deps: Deps) {
  const router = createRouter();
  const tags = ["Integrations"];

  router.post("/integrations/Core/:endpoint", async (c) => {
    const endpoint = c.req.param("endpoint");
    if (!isCore(endpoint)) throw new AppError("NOT_FOUND", `Unknown integration Core.${endpoint}`);
    const appId = c.req.query("appId");
    if (!appId || appId.length > 200) throw new AppError("BAD_REQUEST", "App ID is not set");
    const caller = await resolveIntegrationCaller(deps, appId, c.req.raw.headers);
    const params = await readIntegrationParams(c.req);
    return c.json((await CORE[endpoint](deps, caller, params)) as object, 200);
  });
  router.openAPIRegistry.registerPath({
    method: "post",
    path: "/integrations/Core/{endpoint}",
    tags,
    summary:
      "Call a core integration with an object of named parameters (JSON, or multipart with a file). App token or the owner's session.",
    request: {
      params: z.object({ endpoint: z.enum(CORE_INTEGRATION_NAMES) }),
      query: z.object({ appId: z.string() }),
    },
    responses: {
      200: { description: "The integration's answer ({file_url}, {file_uri}, {signed_url}, {ok})" },
      ...errorResponses(400, 401, 403, 404, 413),
      503: {
        description: "No AI model configured, the provider failed, or the integration is not available yet",
      },
    },
  });

  router.openapi(
    createRoute({
      method: "get",
      path: "/apps/{appId}/integrations/schema",
      tags,
      summary: "The integration packages an app has (installed) and needs but lacks (missing)",
      request: { params: z.object({ appId: z.string().min(1).max(200) }) },
      responses: {
        200: jsonResponse(integrationsSchemaResponseSchema, "Packages"),
        ...errorResponses(404),
      },
    }),
    async (c) => {
      await loadEndUserApp(deps.db, c.req.valid("param").appId);
      return c.json(
        {
          installed_packages: [
            { package_name: "Core", instance_id: "core", endpoints: [...CORE_INTEGRATION_NAMES] },
          ],
          missing_packages: [],
        },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/files/private/{id}",
      tags,
      summary: "A private file through a signed URL from CreateFileSignedUrl",
      request: {
        params: z.object({ id: z.string().max(100) }),
        query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() }),
      },
      responses: { 200: { description: "The file" }, ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { exp, sig } = c.req.valid("query");
      if (!verifyFileUrl(deps.config.authSecret, id, exp, sig))
        throw new AppError("FORBIDDEN", INTEGRATION_MESSAGES.signedUrlInvalid);
      return serveStoredFile(deps, { id, private: true }, "private, max-age=60");
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/files/{id}/{name}",
      tags,
      summary: "A public file uploaded with UploadFile",
      request: { params: z.object({ id: z.string().max(100), name: z.string().max(300) }) },
      responses: { 200: { description: "The file" }, ...errorResponses(404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      // File ids are never reused, so the bytes behind a URL never change.
      return serveStoredFile(deps, { id, private: false }, "public, max-age=31536000, immutable");
    },
  );

  return router;
}
