import { AppError, AUTH_MESSAGES, isStrongPassword } from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import type { Deps, SessionInfo } from "../../http/app-env.ts";

/**
 * Changes the password after checking the current one. Every other session of the user is
 * signed out; the one making the change stays signed in (the library's own option would
 * end it too and mint a token this API does not hand out).
 */
export async function changePassword(options: {
  deps: Pick<Deps, "auth" | "db">;
  session: SessionInfo;
  currentPassword: string;
  newPassword: string;
  headers: Headers;
}): Promise<void> {
  const { deps, session, currentPassword, newPassword, headers } = options;
  if (!isStrongPassword(newPassword)) throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.weakPassword);
  try {
    await deps.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: false },
      headers,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD")
      throw new AppError("INVALID_CREDENTIALS", "The current password is not correct");
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new AppError("CONFLICT", "This account signs in with a social provider and has no password");
    }
    throw error;
  }
  await deps.db
    .deleteFrom("sessions")
    .where("userId", "=", session.user.id)
    .where("token", "!=", session.session.token)
    .execute();
}
