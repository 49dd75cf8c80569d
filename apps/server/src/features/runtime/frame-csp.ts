import { createHash } from "node:crypto";
import { APP_FRAME_SANDBOX } from "@liftoff/domain";

export type FrameCspOptions = {
  /** Where the frame's scripts may come from: the platform origin(s) serving /runtime. */
  scriptOrigins: string[];
  /** Who may embed the frame (frame-ancestors): the platform origin and the app's custom host. */
  ancestors: string[];
  /**
   * A relayed frame (renderFrameHtml's `relay`): its boot script's nonce, which the import
   * map and start script it adds carry, and `blob:` for the modules it was handed.
   */
  nonce?: string;
};

/**
 * The Content-Security-Policy of a frame document.
 *
 * - `sandbox` (the same flags as the `<iframe>`, never `allow-same-origin`): the document
 *   has an opaque origin WHEREVER it is opened — in the host's iframe, top-level from a
 *   link, in a window the app opened, embedded by a page that forgot the attribute. So app
 *   code can never read the platform origin's cookies or storage, nor call /api with them.
 * - `frame-ancestors`: only the platform and the app's own custom host may embed it, so a
 *   foreign site cannot dress the app up as its own page or drive its bridge.
 * - scripts only from the platform itself (the app module, vendor modules) plus the
 *   document's own inline scripts (import map and boot script), pinned by their SHA-256 so
 *   nothing injected inline can run. Origins are named explicitly next to 'self' because a
 *   sandboxed document's own origin is opaque. A relayed frame adds its nonce (for the
 *   import map and start script its boot script builds) and `blob:` (the modules the host
 *   handed it): neither gives the app anything it could not already do in its own opaque
 *   frame, and neither reaches the platform origin.
 */
export function frameCsp(html: string, options: FrameCspOptions): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc\s*=/.test(match[0].slice(0, match[0].indexOf(">"))) && match[1]!.length > 0)
    .map((match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
  const self = ["'self'", ...new Set(options.scriptOrigins)].join(" ");
  return [
    `sandbox ${APP_FRAME_SANDBOX}`,
    "default-src 'none'",
    [
      `script-src ${self}`,
      // A relayed frame's only inline script carries the nonce: no hash needed beside it.
      ...(options.nonce ? [`'nonce-${options.nonce}'`, "blob:"] : new Set(hashes)),
    ].join(" "),
    `style-src ${self} 'unsafe-inline' https:`,
    "img-src * data: blob:",
    "media-src * data: blob:",
    `font-src ${self} https: data:`,
    "connect-src *",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${[...new Set(options.ancestors)].join(" ")}`,
  ].join("; ");
}
