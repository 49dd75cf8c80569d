import { createHmac, timingSafeEqual } from "node:crypto";

function signature(secret: string, fileId: string, expiresAt: number): string {
  return createHmac("sha256", `file-url:${secret}`).update(`${fileId}.${expiresAt}`).digest("base64url");
}

/** The query of a signed private-file URL: expiry (seconds since the epoch) and HMAC. */
export function signFileUrl(secret: string, fileId: string, expiresAt: number): { exp: string; sig: string } {
  return { exp: String(expiresAt), sig: signature(secret, fileId, expiresAt) };
}

/** True for an unexpired signature of this file (constant-time compare; never throws). */
export function verifyFileUrl(
  secret: string,
  fileId: string,
  exp: string | undefined,
  sig: string | undefined,
  now: number = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= now) return false;
  const given = Buffer.from(sig);
  const expected = Buffer.from(signature(secret, fileId, expiresAt));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
