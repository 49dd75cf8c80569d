import type { MiddlewareHandler } from "hono";

/**
 * Secure headers that only mean something on a document (framing, legacy XSS filters,
 * IE download prompts, Flash policies, DNS prefetching, agent clustering). secureHeaders
 * sets them on every response; on a script, a stylesheet, an image or JSON they are
 * bytes on the wire for nothing — about 200 per response, eight times over on a published
 * app's first visit (issue 13). nosniff, CORP, the referrer policy and HSTS stay
 * everywhere: they do apply to subresources.
 */
const DOCUMENT_ONLY = [
  "x-frame-options",
  "x-xss-protection",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-dns-prefetch-control",
  "origin-agent-cluster",
];

/**
 * Drops DOCUMENT_ONLY headers from every response that is not an HTML document. A document
 * that names who may frame it (CSP frame-ancestors: an embeddable tool page) also drops
 * the blanket X-Frame-Options: SAMEORIGIN the secure headers add, which would forbid it.
 */
export function documentOnlyHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (type.startsWith("text/html")) {
      if (c.res.headers.get("content-security-policy")?.includes("frame-ancestors"))
        c.res.headers.delete("x-frame-options");
      return;
    }
    for (const name of DOCUMENT_ONLY) c.res.headers.delete(name);
  };
}
