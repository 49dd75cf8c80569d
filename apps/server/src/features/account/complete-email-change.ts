import { AppError, AUTH_MESSAGES, isValidEmail, normalizeEmail } from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { log } from "../../log.ts";

/**
 * Changes the sign-in address after re-checking the current password (spec section 5).
 * The new address starts unverified and gets a verification mail, so the post-login rules
 * send the user through verification again.
 */
export async function completeEmailChange(options: {
  deps: Pick<Deps, "auth" | "db">;
  session: SessionInfo;
  newEmail: string;
  password: string;
  headers: Headers;
}): Promise<{ email: string }> {
  const { deps, session, password, headers } = options;
  const email = normalizeEmail(options.newEmail);
  if (!isValidEmail(email)) throw new AppError("INVALID_EMAIL", AUTH_MESSAGES.invalidEmail);
  try {
    await deps.auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new AppError("INVALID_CREDENTIALS", "The current password is not correct");
    }
    throw error;
  }
  if (email === session.user.email) return { email };
  const taken = await deps.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) {
    throw new AppError("auth/email-already-exists", AUTH_MESSAGES.emailChangeInUse);
  }
  try {
    const context = await deps.auth.$context;
    await context.internalAdapter.updateUser(session.user.id, { email, emailVerified: false });
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: "/settings/email" } });
  } catch (error) {
    // Someone else took the address between our check and the update.
    if (isUniqueViolation(error))
      throw new AppError("auth/email-already-exists", AUTH_MESSAGES.emailChangeInUse);
    log.error("email change failed", { error });
    throw new AppError("INTERNAL", AUTH_MESSAGES.emailChangeFailed);
  }
  return { email };
}
