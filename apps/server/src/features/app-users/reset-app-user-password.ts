import { AppError, AUTH_MESSAGES, isStrongPassword } from "@liftoff/domain";
import { hashPassword } from "better-auth/crypto";
import type { Deps } from "../../http/app-env.ts";
import { forgetAppUserTokens } from "../entities/resolve-entity-caller.ts";
import { forgetLoginFailures } from "../session/login-rate-limit.ts";
import { consumeAppUserCode } from "./consume-app-user-code.ts";

/**
 * Sets a new password from a reset link. The password is checked before the code is used,
 * so a weak first try does not burn the link. Following the link proves the mailbox, so
 * the address counts as verified afterwards. App tokens issued before the reset stop
 * working (the user's token generation moves on).
 */
export async function resetAppUserPassword(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  oobCode: string;
  password: string;
}): Promise<void> {
  const { deps, appId } = options;
  if (!isStrongPassword(options.password))
    throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.resetWeakPassword);
  const userId = await consumeAppUserCode(deps.db, appId, "reset", options.oobCode);
  if (!userId) throw new AppError("LINK_INVALID", AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(options.password);
  // A new password ends every session made with the old one (token generation + 1).
  const row = await deps.db
    .updateTable("app_users")
    .set((eb) => ({
      passwordHash,
      emailVerified: true,
      tokenGeneration: eb("tokenGeneration", "+", 1),
      updatedAt: new Date(),
    }))
    .where("id", "=", userId)
    .returning("email")
    .executeTakeFirst();
  forgetAppUserTokens(deps.db, userId);
  // Guesses against the old password no longer mean anything: the owner gets straight in.
  if (row) await forgetLoginFailures(deps.db, { scope: `app:${appId}`, email: row.email });
}
