import { z } from "zod";

// The zod contracts of host-boot.ts, in a module of their own: the published app's host
// page imports host-boot.ts's helpers, and would otherwise load zod for these two schemas
// it does not use (it reads boot data with parseHostBoot, host-guards.ts).

/**
 * What a published app's host page fetches for its frame and hands it by postMessage
 * ("Relayed modules" in docs/space-apps.md): the vendor modules the app needs in one
 * response, the app's module and its stylesheet. Without `js`, the pack is the version's
 * production bundle (runtime, app and the vendor code it uses, see bundle-app.mjs), which
 * carries the app itself. All these URLs are immutable, so a
 * second visit takes them from the browser's cache — which the frame itself cannot use:
 * an opaque-origin document gets no HTTP cache. Same-origin /runtime/ paths only.
 */
// Segments never start with a dot, so no "." or ".." can lead out of /runtime/.
const RUNTIME_PATH = /^\/runtime(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
export const frameRelaySchema = z.object({
  pack: z.string().max(4000).regex(RUNTIME_PATH),
  js: z.string().max(200).regex(RUNTIME_PATH).optional(),
  css: z.string().max(200).regex(RUNTIME_PATH),
});
export type FrameRelay = z.infer<typeof frameRelaySchema>;

/**
 * What the server tells a published app's host page (`/app/{slug}/...`, a custom host) in
 * the HTML, next to the sandboxed frame it already started: the version any visitor gets
 * (the same rule as GET /runtime/bundle without credentials) and what the page shows
 * around the frame. The host page adopts that frame instead of making its own, and still
 * asks /runtime/bundle, without waiting for it, to confirm.
 */
export const hostBootSchema = z.object({
  appId: z.string().min(1).max(100),
  slug: z.string().min(1).max(100),
  versionId: z.string().min(1).max(100),
  channel: z.literal("published"),
  name: z.string().max(500),
  icon: z.string().max(100_000).nullable(),
  showWatermark: z.boolean(),
  /** Present when the page relays the frame's modules (its frame's URL then says `relay=1`). */
  relay: frameRelaySchema.optional(),
});
export type HostBoot = z.infer<typeof hostBootSchema>;
