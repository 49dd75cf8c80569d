import type { Config } from "../config.ts";

/** What decides platform admin rights: the user's address, whether it is verified, and the stored flag. */
export type AdminCandidate = { email: string; emailVerified: boolean; isAdmin?: boolean | undefined };

/**
 * Platform admin: a user listed in ADMIN_EMAILS, or granted by the platform (the first
 * account of a fresh install, `users.isAdmin`) — and in both cases only once the address is
 * verified. Without that, anyone could sign up with an address on ADMIN_EMAILS (or change
 * theirs to it) and be admin before its owner ever saw a mail.
 */
export function isPlatformAdmin(
  deps: { config: Pick<Config, "adminEmails"> },
  user: AdminCandidate,
): boolean {
  if (!user.emailVerified) return false;
  return user.isAdmin === true || deps.config.adminEmails.includes(user.email.toLowerCase());
}
