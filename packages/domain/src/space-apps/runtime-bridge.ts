import { z } from "zod";
import { APP_ERROR_SCOPES } from "./runtime-bridge-guards.ts";

/**
 * The postMessage protocol between a space app's sandboxed frame (opaque origin, untrusted
 * code) and the page hosting it (the published-app host page, or the builder's preview).
 * The host owns the app token and the browser URL; the frame gets only an app-scoped token
 * and reports errors and navigation. Both sides check `event.source` and parse with these
 * schemas, ignoring anything else.
 */

/** An App error of spec section 3. */
export const appErrorSchema = z.object({
  title: z.string().max(500),
  details: z.string().max(10_000),
  componentName: z.string().max(200),
  scope: z.enum(APP_ERROR_SCOPES),
});
export type AppRuntimeError = z.infer<typeof appErrorSchema>;

export const frameMessageSchema = z.discriminatedUnion("type", [
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("ready") }),
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("rendered"), page: z.string() }),
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("error"), error: appErrorSchema }),
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("navigate"), path: z.string().max(2000) }),
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("login"), nextPath: z.string().max(2000) }),
  z.object({
    source: z.literal("liftoff-frame"),
    type: z.literal("logout"),
    redirectPath: z.string().max(2000).optional(),
  }),
  z.object({
    source: z.literal("liftoff-frame"),
    type: z.literal("storage"),
    key: z.string().max(200),
    value: z.string().max(100_000).nullable(),
  }),
  z.object({ source: z.literal("liftoff-frame"), type: z.literal("open"), url: z.string().max(4000) }),
]);
export type FrameMessage = z.infer<typeof frameMessageSchema>;

export const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({
    source: z.literal("liftoff-host"),
    type: z.literal("init"),
    /** App-scoped bearer token (end user, or the builder acting as app admin), or null. */
    token: z.string().nullable(),
    /** Path inside the app, e.g. "/Tasks?id=3". */
    path: z.string(),
    /** The app's own localStorage, persisted by the host per app. */
    storage: z.record(z.string(), z.string()),
    preview: z.boolean(),
  }),
  z.object({ source: z.literal("liftoff-host"), type: z.literal("navigate"), path: z.string() }),
  z.object({ source: z.literal("liftoff-host"), type: z.literal("token"), token: z.string().nullable() }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;
