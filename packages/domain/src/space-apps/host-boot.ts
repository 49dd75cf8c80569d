import { z } from "zod";

/**
 * The sandbox of every space-app frame. Deliberately WITHOUT `allow-same-origin`: the frame
 * document then has an opaque origin, so app code can read no platform cookie or storage,
 * cannot reach into the host's DOM, and its requests carry no credentials. This attribute is
 * the security boundary between untrusted app code and the visitor's platform session. The
 * server writes it on the frame it puts into a published app's host page, the web app on
 * the frames it makes: both read it from here.
 */
export const APP_FRAME_SANDBOX = "allow-scripts allow-forms allow-popups allow-modals allow-downloads";

/**
 * Where the frame document of one app version is served (docs/space-apps.md "Frame and
 * host"). A version other than the published one needs the app's frame grant, which only
 * its builders get (with the preview token, or in /runtime/bundle with a draft).
 */
export function appFrameSrc(appId: string, versionId: string, grant?: string | null, relay = false): string {
  const query = new URLSearchParams({ appId, versionId });
  if (grant) query.set("grant", grant);
  // The frame then asks its parent for its modules (hostBoot's `relay`).
  if (relay) query.set("relay", "1");
  return `/runtime/frame?${query.toString()}`;
}

/**
 * What a published app's host page fetches for its frame and hands it by postMessage
 * ("Relayed modules" in docs/space-apps.md): the vendor modules the app needs in one
 * response, the app's module and its stylesheet. All three URLs are immutable, so a
 * second visit takes them from the browser's cache — which the frame itself cannot use:
 * an opaque-origin document gets no HTTP cache. Same-origin /runtime/ paths only.
 */
// Segments never start with a dot, so no "." or ".." can lead out of /runtime/.
const RUNTIME_PATH = /^\/runtime(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
export const frameRelaySchema = z.object({
  pack: z.string().max(4000).regex(RUNTIME_PATH),
  js: z.string().max(200).regex(RUNTIME_PATH),
  css: z.string().max(200).regex(RUNTIME_PATH),
});
export type FrameRelay = z.infer<typeof frameRelaySchema>;

/** The vendor pack of a set of vendor specifiers (GET /runtime/vendor-pack/{manifestId}/{key}.json). */
export function vendorPackPath(manifestId: string, specifiers: readonly string[]): string {
  const key = encodeBase64Url([...new Set(specifiers)].sort().join("\n"));
  return `/runtime/vendor-pack/${manifestId}/${key}.json`;
}

/** The specifiers of a vendor pack key, or null when it is not one. */
export function vendorPackSpecifiers(key: string): string[] | null {
  if (!/^[A-Za-z0-9_-]{1,3000}$/.test(key)) return null;
  const text = decodeBase64Url(key);
  if (text === null || text === "") return null;
  const list = text.split("\n");
  return list.every((s) => s.length > 0 && s.length <= 200) ? list : null;
}

function encodeBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeBase64Url(key: string): string | null {
  try {
    const binary = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The meta tag carrying the platform's public URL in a custom host's page: the page links
 * back to the platform and refuses to open it for the app (`open` bridge message).
 */
export const PLATFORM_URL_META = "liftoff-platform-url";

/** Id of the `<script type="application/json">` holding the host page's boot data. */
export const HOST_BOOT_DATA_ID = "liftoff-boot";
/** Id of the element around the frame the server put into the host page (outside React's #root). */
export const HOST_BOOT_FRAME_ID = "liftoff-boot-frame";

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
