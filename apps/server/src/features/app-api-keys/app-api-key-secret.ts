import { createHash, randomBytes } from "node:crypto";
import { APP_API_KEY_PREFIX } from "@liftoff/domain";

/**
 * A new key's secret: `lft_` + 32 random bytes in base64url. With 256 bits of entropy a
 * plain SHA-256 is enough to store it (nothing to guess, so no slow or salted hash is
 * needed), and it lets a request's key be found by its hash with one indexed lookup: the
 * secret is never compared character by character, so timing tells nothing about it.
 */
export function newAppApiKeySecret(): string {
  return `${APP_API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The only form of a key that is stored. */
export function hashAppApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What the settings show of a key: its prefix and last four characters. */
export function displayHintOf(secret: string): string {
  return `${APP_API_KEY_PREFIX}…${secret.slice(-4)}`;
}
