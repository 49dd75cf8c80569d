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
