import { hkdfSync } from "node:crypto";

const keys = new Map<string, Buffer>();

/**
 * A 32-byte key for one purpose, derived from the platform's auth secret by HKDF-SHA256
 * (salt "liftoff", info = the purpose's label, e.g. "run-ip/v1"). Each use of the secret
 * (app tokens, run IP hashes, connector tokens, connect states) has a label of its own, so
 * none ever holds a key another derives, and a value made for one purpose never checks out
 * for another. Changing AUTH_SECRET changes every derived key. Cached: one process serves
 * one secret (tests a handful) and a fixed set of labels.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "liftoff", purpose, 32));
    keys.set(id, key);
  }
  return key;
}
