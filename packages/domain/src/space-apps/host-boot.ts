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
export function appFrameSrc(appId: string, versionId: string, grant?: string | null): string {
  const query = new URLSearchParams({ appId, versionId });
  if (grant) query.set("grant", grant);
  return `/runtime/frame?${query.toString()}`;
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
});
export type HostBoot = z.infer<typeof hostBootSchema>;
