import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of a frame document: scripts only from the platform itself
 * (the app module, vendor modules) plus the document's own inline scripts (import map and
 * boot script), pinned by their SHA-256 so nothing injected inline can run. `origins` are
 * named explicitly next to 'self' because a sandboxed document's own origin is opaque.
 */
export function frameCsp(html: string, origins: string[]): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc\s*=/.test(match[0].slice(0, match[0].indexOf(">"))) && match[1]!.length > 0)
    .map((match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
  const self = ["'self'", ...new Set(origins)].join(" ");
  return [
    "default-src 'none'",
    `script-src ${self} ${[...new Set(hashes)].join(" ")}`.trim(),
    `style-src ${self} 'unsafe-inline' https:`,
    "img-src * data: blob:",
    "media-src * data: blob:",
    `font-src ${self} https: data:`,
    "connect-src *",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors *",
  ].join("; ");
}
