import { deriveKey } from "../../auth/derive-key.ts";

/**
 * The HMAC key of app tokens: HKDF-SHA256 of the platform's auth secret with a label of its
 * own, so it is never the key the auth library (sessions, cookies), frame grants or anything
 * else derives from the same secret. A token signed for one purpose therefore never checks
 * out for another, even where two formats happen to look alike. Changing AUTH_SECRET ends
 * every app token, as it ends every platform session.
 *
 * The derived key is imported once per secret as a non-extractable CryptoKey (jose would
 * otherwise import raw bytes on every call, on the entity API's hot path).
 */
const HKDF_INFO = "app-token/HS256/v1";

const keys = new Map<string, Promise<CryptoKey>>();

export function appTokenKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = new Uint8Array(deriveKey(secret, HKDF_INFO));
    key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    // One process serves one secret (tests: a handful); the map never grows past that.
    keys.set(secret, key);
  }
  return key;
}
