import { AppError, AUTH_MESSAGES, isStrongPassword } from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { forgetLoginFailures } from "../session/login-rate-limit.ts";

/**
 * Sets a new password from a reset link. The token is looked up first so the answer can
 * tell an invalid link from a user who no longer exists or was disabled (spec section 5).
 */
export async function resetPassword(options: {
  deps: Pick<Deps, "auth" | "db">;
  oobCode: string;
  newPassword: string;
}): Promise<void> {
  const { deps, oobCode, newPassword } = options;
  const context = await deps.auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${oobCode}`);
  if (!verification || new Date(verification.expiresAt).getTime() < Date.now()) {
    throw new AppError("LINK_INVALID", AUTH_MESSAGES.resetLinkInvalid);
  }
  const owner = await deps.db
    .selectFrom("users")
    .leftJoin("accounts", "accounts.userId", "users.id")
    .select(["users.id", "users.email", "accounts.disabled"])
    .where("users.id", "=", verification.value)
    .executeTakeFirst();
  if (!owner || owner.disabled) throw new AppError("NOT_FOUND", AUTH_MESSAGES.resetUserNotFound);
  if (!isStrongPassword(newPassword)) throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.resetWeakPassword);
  try {
    await deps.auth.api.resetPassword({ body: { token: oobCode, newPassword } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_TOKEN") throw new AppError("LINK_INVALID", AUTH_MESSAGES.resetLinkInvalid);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.resetWeakPassword);
    }
    log.error("password reset failed", { error });
    throw new AppError("INTERNAL", AUTH_MESSAGES.resetFailed);
  }
  // Guesses against the old password no longer mean anything: the owner gets straight in.
  await forgetLoginFailures(deps.db, { scope: "platform", email: owner.email });
}
