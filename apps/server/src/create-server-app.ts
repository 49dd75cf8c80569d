import { OpenAPIHono, z } from "@hono/zod-openapi";
import { AppError, BASE_MAX_FILE_SIZE_BYTES, socialProviderSchema, UPLOAD_MAX_BYTES } from "@liftoff/domain";
import { bodyLimit } from "hono/body-limit";
import { etag } from "hono/etag";
import { secureHeaders } from "hono/secure-headers";
import { AUTH_LIBRARY_ROUTE } from "./auth/auth-library-route.ts";
import { accountRoutes } from "./features/account/account-routes.ts";
import { adminRoutes } from "./features/admin/admin-routes.ts";
import { aiSettingsRoutes } from "./features/admin/ai-settings-routes.ts";
import { appApiKeyRoutes } from "./features/app-api-keys/app-api-key-routes.ts";
import { appUserRoutes } from "./features/app-users/app-user-routes.ts";
import { appRoutes } from "./features/apps/app-routes.ts";
import { assistantRoutes } from "./features/assistant/assistant-routes.ts";
import { builderAiRoutes } from "./features/builder-ai/builder-ai-routes.ts";
import { chatRoutes } from "./features/chat/chat-routes.ts";
import { connectorRoutes } from "./features/connectors/connector-routes.ts";
import { csvRoutes } from "./features/csv/csv-routes.ts";
import { dataSourceRoutes } from "./features/data-sources/data-source-routes.ts";
import { entityRecordRoutes } from "./features/entities/entity-record-routes.ts";
import { entitySchemaRoutes } from "./features/entities/entity-schema-routes.ts";
import { IMPORT_MAX_BYTES } from "./features/entities/import-entity-csv.ts";
import { resolveBuilderCaller, resolveEntityCaller } from "./features/entities/resolve-entity-caller.ts";
import { generatedAppRoutes } from "./features/generated-apps/generated-app-routes.ts";
import { healthRoutes } from "./features/health/health-routes.ts";
import { integrationRoutes } from "./features/integrations/integration-routes.ts";
import { mailboxRoutes } from "./features/mailbox/mailbox-routes.ts";
import { planRequestRoutes } from "./features/plan-requests/plan-request-routes.ts";
import { planRoutes } from "./features/plans/plan-routes.ts";
import { runApiRoutes } from "./features/runs/run-api-routes.ts";
import { runRoutes } from "./features/runs/run-routes.ts";
import { RUNTIME_CORS_PATHS, runtimeCors } from "./features/runtime/runtime-cors.ts";
import { runtimeRoutes } from "./features/runtime/runtime-routes.ts";
import { serveHostPages } from "./features/runtime/serve-host-page.ts";
import { sessionRoutes } from "./features/session/session-routes.ts";
import { spaceAppRoutes } from "./features/space-apps/space-app-routes.ts";
import { templateRoutes } from "./features/templates/template-routes.ts";
import type { AppEnv, Deps } from "./http/app-env.ts";
import { compressAssets } from "./http/compress-assets.ts";
import { crossSiteGuard } from "./http/cross-site-guard.ts";
import { renderDocsPage } from "./http/docs-page.ts";
import { documentOnlyHeaders } from "./http/document-only-headers.ts";
import { toErrorResponse } from "./http/error-handler.ts";
import { rejectHostileInput } from "./http/reject-hostile-input.ts";
import { serveWeb } from "./http/serve-web.ts";
import { forgetSessions, sessionMiddleware } from "./http/session-middleware.ts";

/** JSON bodies of the platform API are small; uploads get their own limits later. */
export const API_BODY_LIMIT_BYTES = 1_000_000;
/** The most one data-source upload may carry on any plan: 5 files of twice the base size. */
const CONTEXT_UPLOAD_MAX_BYTES = 5 * 2 * BASE_MAX_FILE_SIZE_BYTES;
/** A CSV import's body: the file's limit plus room for the multipart envelope. */
const IMPORT_LIMIT_BYTES = IMPORT_MAX_BYTES + 1_000_000;

/**
 * Paths without ETags: the API (answers change per caller and are read once), hashed
 * immutable files (their URL is their version), uploads and the runtime's JSON and assets.
 */
const UNTAGGED_PATHS = /^\/(api|live_api|runtime|files|integrations|assets)\//;

/** The composition root: middleware, feature routers, OpenAPI document, web app. */
export function createServerApp(deps: Deps, options: { webDist?: string | undefined } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(toErrorResponse);
  // Uploaded files are read by apps in opaque-origin frames and on custom hosts: outside the
  // secure headers below (which default to same-origin), so this runs after them.
  app.use("/files/*", async (c, next) => {
    await next();
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  });
  // Runtime surface (sandboxed app frames): CORS without credentials; outside the secure
  // headers so its cross-origin resource policy wins.
  for (const path of RUNTIME_CORS_PATHS) app.use(path, runtimeCors());
  app.use("*", documentOnlyHeaders());
  app.use("*", secureHeaders({ crossOriginOpenerPolicy: false }));
  // Text assets (pages, scripts, stylesheets) leave compressed; API JSON does not. Pages and
  // other unhashed files get an ETag (of the uncompressed body) so a revisit can be a 304.
  app.use("*", compressAssets());
  const pageTag = etag({ weak: true });
  app.use("*", (c, next) => (UNTAGGED_PATHS.test(c.req.path) ? next() : pageTag(c, next)));
  // A write authenticated by the session cookie must come from the platform's own pages.
  app.use("*", crossSiteGuard(deps));
  // JSON bodies are small; CSV imports get the import limit (plus multipart overhead).
  const tooLargeError = (max: string) =>
    new AppError("PAYLOAD_TOO_LARGE", `Request body is too large (max ${max})`);
  const tooLarge = (max: string) => () => {
    throw tooLargeError(max);
  };
  const jsonLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: tooLarge(`${API_BODY_LIMIT_BYTES} bytes`),
  });
  const importLimit = bodyLimit({
    maxSize: IMPORT_LIMIT_BYTES,
    onError: tooLarge(`${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
  });
  // Integration calls carry uploads (UPLOAD_MAX_BYTES, plus multipart overhead).
  app.use(
    "/integrations/*",
    bodyLimit({ maxSize: UPLOAD_MAX_BYTES + 1_000_000, onError: tooLarge(`${UPLOAD_MAX_BYTES} bytes`) }),
  );
  // A run's photo (POST /live_api/apps/{appId}/tools/{toolId}/photos): an image, as uploads.
  const photoLimit = bodyLimit({
    maxSize: UPLOAD_MAX_BYTES + 1_000_000,
    onError: tooLarge(`${UPLOAD_MAX_BYTES} bytes`),
  });
  // Data-source uploads: up to the largest plan's file count and size (each file is
  // checked against the owner's plan in the route).
  const contextUploadMax = CONTEXT_UPLOAD_MAX_BYTES + 1_000_000;
  const contextUploadLimit = bodyLimit({
    maxSize: contextUploadMax,
    onError: tooLarge(`${CONTEXT_UPLOAD_MAX_BYTES / 1_000_000} MB`),
  });
  const limits = {
    contextUpload: {
      max: contextUploadMax,
      label: `${CONTEXT_UPLOAD_MAX_BYTES / 1_000_000} MB`,
      stream: contextUploadLimit,
    },
    import: { max: IMPORT_LIMIT_BYTES, label: `${IMPORT_MAX_BYTES / 1024 / 1024} MB`, stream: importLimit },
    photo: { max: UPLOAD_MAX_BYTES + 1_000_000, label: `${UPLOAD_MAX_BYTES} bytes`, stream: photoLimit },
    json: { max: API_BODY_LIMIT_BYTES, label: `${API_BODY_LIMIT_BYTES} bytes`, stream: jsonLimit },
  };
  for (const prefix of ["/api/*", "/live_api/*"]) {
    app.use(prefix, (c, next) => {
      // GET and HEAD carry no body (the Node adapter never reads one). Asking for it anyway
      // makes the adapter build a full fetch Request per call, a sixth of a GET's CPU time
      // (bench/entities/profile.ts).
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
      const limit = c.req.path.endsWith("/import")
        ? limits.import
        : c.req.path === "/api/context/ingest/file"
          ? limits.contextUpload
          : c.req.path.startsWith("/live_api/") && c.req.path.endsWith("/photos")
            ? limits.photo
            : limits.json;
      // A declared length is checked as it is (Node's parser never delivers more than it),
      // without touching the body: hono's bodyLimit looks at `c.req.raw.body` first, which
      // makes the adapter build a fetch Request and a web stream around every POST body
      // instead of reading it directly (a sixth of a create's CPU). Chunked bodies, whose
      // size is only known while reading, still go through bodyLimit.
      const length = c.req.header("content-length");
      if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
        if (Number.parseInt(length, 10) > limit.max) throw tooLargeError(limit.label);
        return next();
      }
      return limit.stream(c, next);
    });
  }
  // NUL, unpaired surrogates, malformed percent-encoding and deep JSON: 400 before any
  // route (after the body limits, so an oversized body is never read).
  app.use("*", rejectHostileInput());
  // A custom host serves its app's host page on every page path, before the routes. (The
  // body limits above only concern other paths and methods, so their order does not matter.)
  if (options.webDist) serveHostPages(app, deps, options.webDist);

  // Of the auth library's own endpoints only the OAuth callbacks are reachable
  // (AUTH_LIBRARY_ROUTE): every other one (sign-in/email, sign-up/email, change-password,
  // update-user …) would skip our limiter, password rules and session revocation, so they
  // answer 404 like any unknown /api path; our routes call the library in-process. A
  // callback may create a session: cached sessions are forgotten afterwards.
  app.on(["GET", "POST"], AUTH_LIBRARY_ROUTE, async (c) => {
    try {
      return await deps.auth.handler(c.req.raw);
    } finally {
      forgetSessions(deps);
    }
  });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/api/auth/callback/{provider}",
    tags: ["Session"],
    summary: "OAuth redirect target registered with Google/GitHub (handled by the auth library)",
    request: { params: z.object({ provider: socialProviderSchema }) },
    responses: { 302: { description: "To /auth/handler?mode=social, with the session cookie or an error" } },
  });

  app.use("/api/*", sessionMiddleware(deps));
  app.use("/live_api/*", sessionMiddleware(deps));
  app.use("/auth/social/*", sessionMiddleware(deps));
  for (const routes of [
    healthRoutes,
    sessionRoutes,
    accountRoutes,
    appRoutes,
    planRoutes,
    adminRoutes,
    planRequestRoutes,
    aiSettingsRoutes,
    mailboxRoutes,
    entitySchemaRoutes,
    csvRoutes,
    builderAiRoutes,
    appUserRoutes,
    integrationRoutes,
    templateRoutes,
    spaceAppRoutes,
    generatedAppRoutes,
    chatRoutes,
    runRoutes,
    runApiRoutes,
    appApiKeyRoutes,
    assistantRoutes,
    dataSourceRoutes,
    connectorRoutes,
    runtimeRoutes,
  ]) {
    app.route("/", routes(deps));
  }
  // One set of record routes, twice: the runtime API (entity rules apply to the caller) and
  // the builder's grid (the owner edits everything, even 'none' entities).
  app.route(
    "/",
    entityRecordRoutes(deps, {
      base: "/live_api/apps/{appId}/entities/{entity}",
      tag: "Entities (runtime)",
      resolveCaller: resolveEntityCaller,
    }),
  );
  app.route(
    "/",
    entityRecordRoutes(deps, {
      base: "/api/apps/{appId}/entities/{entity}/records",
      tag: "Entities (builder grid)",
      resolveCaller: resolveBuilderCaller,
      auth: "session",
    }),
  );

  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: "Liftoff",
      version: deps.config.version,
      description: "Build, publish and run AI-powered apps.",
    },
  };
  // Routes that need a signed-in user list this scheme as their `security` (createRouter).
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "http",
    scheme: "bearer",
    description: "A platform session token (Authorization: Bearer …), or the session cookie",
  });
  // The Run API's routes list this one: an app's API key (settings → API keys), not a person.
  app.openAPIRegistry.registerComponent("securitySchemes", "appApiKey", {
    type: "http",
    scheme: "bearer",
    description: "An app API key (Authorization: Bearer lft_…), valid for that app's published tools only",
  });
  app.doc31("/api/openapi.json", documentConfig);
  app.get("/api/docs", (c) => c.html(renderDocsPage(app.getOpenAPI31Document(documentConfig) as never)));

  app.all("/live_api/*", (c) =>
    c.json(new AppError("NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`).toBody(), 404),
  );
  app.all("/api/*", (c) =>
    c.json(new AppError("NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`).toBody(), 404),
  );
  if (options.webDist) serveWeb(app, options.webDist);
  app.notFound((c) => c.json(new AppError("NOT_FOUND", "Not found").toBody(), 404));
  return app;
}
