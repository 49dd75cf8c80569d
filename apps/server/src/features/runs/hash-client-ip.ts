import { createHmac } from "node:crypto";
import { deriveKey } from "../../auth/derive-key.ts";
import { clientNetworkOf } from "./client-network-of.ts";

/**
 * The per-IP limits' key for a client address: HMAC-SHA256 under a key derived (HKDF) from
 * the auth secret for this purpose alone, so the stored value is never the address and
 * cannot be reversed by hashing the 4 billion IPv4 addresses without the secret. Per app,
 * so one app's counts say nothing about a visitor's use of another. An IPv6 client is
 * counted by its /64 (clientNetworkOf), which it can otherwise rotate through at will.
 */
export function hashClientIp(input: { secret: string; appId: string; ip: string }): string {
  return createHmac("sha256", deriveKey(input.secret, "run-ip/v1"))
    .update(`${input.appId}\n${clientNetworkOf(input.ip)}`)
    .digest("base64url");
}
