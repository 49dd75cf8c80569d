import { createHash } from "node:crypto";

/** SHA-256 hex of a text, shortened to 20 characters (80 bits: plenty for cache keys and URLs). */
export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}
