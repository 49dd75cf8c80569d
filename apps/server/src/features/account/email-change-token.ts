import { createHash, randomBytes } from "node:crypto";

/** How long the link sent to the new address works (the verification link's lifetime). */
export const EMAIL_CHANGE_TTL_MS = 3 * 24 * 3600 * 1000;

/**
 * A pending e-mail change is a row of the auth library's `verifications` table whose
 * identifier holds the SHA-256 of the code in the mail (never the code itself, so a read
 * of the database yields no working link).
 */
export function emailChangeIdentifier(code: string): string {
  return `change-email:${createHash("sha256").update(code).digest("base64url")}`;
}

export function newEmailChangeCode(): string {
  return randomBytes(32).toString("base64url");
}
