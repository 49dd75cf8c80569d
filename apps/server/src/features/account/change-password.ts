import { AppError, AUTH_MESSAGES, isStrongPassword } from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import type { Deps } from "../../http/app-env.ts";

/** Changes the password after checking the current one; other sessions are signed out. */
export async function changePassword(options: {
  deps: Pick<Deps, "auth">;
  currentPassword: string;
  newPassword: string;
  headers: Headers;
}): Promise<void> {
  const { deps, currentPassword, newPassword, headers } = options;
  if (!isStrongPassword(newPassword)) throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.weakPassword);
  try {
    await deps.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
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
}
