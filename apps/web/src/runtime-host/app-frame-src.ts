/**
 * The sandbox of every space-app frame. Deliberately WITHOUT `allow-same-origin`: the frame
 * document then has an opaque origin, so app code can read no platform cookie or storage,
 * cannot reach into the host's DOM, and its requests carry no credentials. This attribute is
 * the security boundary between untrusted app code and the visitor's platform session.
 */
export const APP_FRAME_SANDBOX = "allow-scripts allow-forms allow-popups allow-modals allow-downloads";

/** Where the frame document of one app version is served (docs/space-apps.md "Frame and host"). */
export function appFrameSrc(appId: string, versionId: string): string {
  const query = new URLSearchParams({ appId, versionId });
  return `/runtime/frame?${query.toString()}`;
}
