import { createRoute, z } from "@hono/zod-openapi";
import { AppError, runtimeBundleSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";
import { registerToolAppRoute } from "../tool-apps/tool-app-route.ts";
import { findAppByHost } from "./find-app-by-host.ts";
import { loadFrameDocument } from "./load-frame-document.ts";
import { loadRuntimeBundle } from "./load-runtime-bundle.ts";
import { readVendorFile } from "./serve-vendor-file.ts";
import { buildVendorPack } from "./vendor-pack.ts";

export const RUNTIME_APP_REQUIRED_MESSAGE = "Loading a runtime app needs an app id or slug";
const IMMUTABLE = "public, max-age=31536000, immutable";
const id = z.string().min(1).max(100);
const ASSET_PATTERN = /^([0-9a-f]{8,64})\.(js|css|json)$/;
const ASSET_TYPES = { js: "text/javascript", css: "text/css", json: "application/json" } as const;

/** What a running space app loads: its bundle, its frame document, its assets, the vendor modules. */
export function runtimeRoutes(deps: Deps) {
  const router = createRouter();
  const { db } = deps;

  router.openapi(
    createRoute({
      method: "get",
      path: "/runtime/bundle",
      tags: ["Runtime"],
      summary: "Runtime bundle of a space app by id or slug (on a custom host: that host's app)",
      request: {
        query: z.object({
          appId: id.optional(),
          slug: z.string().min(1).max(100).optional(),
          channel: z.enum(["published", "draft"]).optional(),
        }),
      },
      responses: {
        200: jsonResponse(runtimeBundleSchema, "Bundle"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      let appId: string | null = query.appId ?? null;
      if (!appId && query.slug) {
        const row = await db
          .selectFrom("apps")
          .select("id")
          .where("slug", "=", query.slug)
          .executeTakeFirst();
        if (!row) throw new AppError("NOT_FOUND", "App not found");
        appId = row.id;
      }
      if (!appId && !query.slug) {
        const host = c.req.header("host");
        if (host) appId = await findAppByHost(db, host);
        if (!appId) throw new AppError("BAD_REQUEST", RUNTIME_APP_REQUIRED_MESSAGE);
      }
      const bundle = await loadRuntimeBundle({
        deps,
        headers: c.req.raw.headers,
        appId,
        channel: query.channel ?? "published",
      });
      c.header("cache-control", "no-store");
      return c.json(bundle, 200);
    },
  );

  registerToolAppRoute(router, deps);

  router.get("/runtime/frame", async (c) => {
    const query = z
      .object({
        appId: id,
        versionId: id,
        grant: z.string().max(200).optional(),
        relay: z.literal("1").optional(),
      })
      .safeParse(c.req.query());
    if (!query.success) throw new AppError("BAD_REQUEST", "The frame needs an app id and a version id");
    const { relay, ...frame } = query.data;
    const { html, csp } = await loadFrameDocument({
      deps,
      ...frame,
      relay: relay === "1",
      requestOrigin: new URL(c.req.url).origin,
    });
    c.header("content-security-policy", csp);
    c.header("cache-control", "no-store");
    // The frame's URL may carry a grant: never hand it on to the pages the app links to.
    c.header("referrer-policy", "no-referrer");
    return c.html(html);
  });

  router.get("/runtime/assets/:file", async (c) => {
    const match = ASSET_PATTERN.exec(c.req.param("file"));
    if (!match) throw new AppError("NOT_FOUND", "Asset not found");
    const [, hash, ext] = match;
    const artifact = await db
      .selectFrom("build_artifacts")
      .select(["contentType", "content"])
      .where("hash", "=", hash!)
      .executeTakeFirst();
    // The extension must name the artifact's type: a stylesheet is never served as a module.
    const expected = ASSET_TYPES[ext as keyof typeof ASSET_TYPES];
    if (!artifact?.contentType.startsWith(expected)) throw new AppError("NOT_FOUND", "Asset not found");
    return c.body(artifact.content, 200, {
      "content-type": artifact.contentType,
      "cache-control": IMMUTABLE,
    });
  });

  router.get("/runtime/vendor-pack/:manifestId/:file", async (c) => {
    const file = /^([A-Za-z0-9_-]{1,3000})\.json$/.exec(c.req.param("file"));
    const body = file
      ? await buildVendorPack({ vendor: deps.vendor, manifestId: c.req.param("manifestId"), key: file[1]! })
      : null;
    if (body === null) throw new AppError("NOT_FOUND", "Vendor pack not found");
    return c.body(body, 200, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": IMMUTABLE,
    });
  });

  router.get("/runtime/vendor/*", async (c) => {
    const relative = c.req.path.slice("/runtime/vendor/".length);
    const file = await readVendorFile(deps.vendor.dir, relative);
    if (!file) throw new AppError("NOT_FOUND", "Vendor file not found");
    return c.body(new Uint8Array(file.body), 200, {
      "content-type": file.contentType,
      "cache-control": IMMUTABLE,
    });
  });

  return router;
}
