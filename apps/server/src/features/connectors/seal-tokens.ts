import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "../../auth/derive-key.ts";
import type { ConnectorTokens } from "./connector-adapter.ts";

/**
 * Connector tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * platform's auth secret with a label of its own, as the run IP hashes and app tokens
 * derive theirs, so no other use of the secret ever yields this key. A database dump alone
 * gives no usable token. The row's id is the additional data, so a sealed value copied to
 * another row (another user's connection) does not open. Changing AUTH_SECRET makes stored
 * connections unreadable: their items then fail with the connector message until the
 * builder connects again.
 */
const VERSION = "v1";
const keyOf = (secret: string) => deriveKey(secret, "connector-tokens/aes-256-gcm/v1");

export function sealTokens(secret: string, rowId: string, tokens: ConnectorTokens): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(rowId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    sealed.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

/** The tokens, or null when the value was not sealed by this secret for this row. */
export function openTokens(secret: string, rowId: string, value: string): ConnectorTokens | null {
  const [version, iv, sealed, tag] = value.split(".");
  if (version !== VERSION || !iv || !sealed || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(rowId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8")) as ConnectorTokens;
  } catch {
    return null;
  }
}
