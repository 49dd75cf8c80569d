import { randomUUID } from "node:crypto";
import {
  AppError,
  AUTH_MESSAGES,
  type EmailChangeResponse,
  isValidEmail,
  normalizeEmail,
} from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import { confirmEmailChangeMail } from "../../auth/auth-mails.ts";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { EMAIL_CHANGE_TTL_MS, emailChangeIdentifier, newEmailChangeCode } from "./email-change-token.ts";

/**
 * Starts a change of the sign-in address (spec section 5: re-checks the current password).
 * Nothing changes yet: a link goes to the NEW address, and only opening it
 * (confirmEmailChange) moves the account there. Otherwise anyone with a session could
 * point the account at an address they do not own — for instance one on ADMIN_EMAILS.
 */
export async function completeEmailChange(options: {
  deps: Pick<Deps, "auth" | "db" | "config" | "mailer">;
  session: SessionInfo;
  newEmail: string;
  password: string;
  headers: Headers;
}): Promise<EmailChangeResponse> {
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
  if (email === session.user.email) return { email, pendingEmail: null };
  const taken = await deps.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) throw new AppError("auth/email-already-exists", AUTH_MESSAGES.emailChangeInUse);
  const code = newEmailChangeCode();
  try {
    const now = new Date();
    await deps.db
      .insertInto("verifications")
      .values({
        id: randomUUID(),
        identifier: emailChangeIdentifier(code),
        value: JSON.stringify({ userId: session.user.id, from: session.user.email, to: email }),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const link = new URL("/auth/handler", deps.config.publicUrl);
    link.searchParams.set("mode", "verifyAndChangeEmail");
    link.searchParams.set("oobCode", code);
    link.searchParams.set("continueUrl", "/settings/email");
    await deps.mailer.send(confirmEmailChangeMail(email, link.toString()));
  } catch (error) {
    log.error("email change mail failed", { error });
    throw new AppError("INTERNAL", AUTH_MESSAGES.emailChangeFailed);
  }
  return { email: session.user.email, pendingEmail: email };
}
