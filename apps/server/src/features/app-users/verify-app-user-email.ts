import { APP_USER_MESSAGES, AppError, type AppUserAuthResponse, AUTH_MESSAGES } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { signAppToken } from "../app-tokens/app-token.ts";
import { consumeAppUserCode } from "./consume-app-user-code.ts";
import { toAppUser } from "./to-app-user.ts";

/**
 * The verification link's code marks the user's address as verified (once) and signs the
 * user in where the link was opened. The link usually opens in a new tab, which holds no
 * app token (they live in the sessionStorage of the tab that signed up), so without this
 * the user would confirm and then have to type the password again. The code is single-use,
 * expires, and reaches only the mailbox of the address, which a reset link reaches too.
 */
export async function verifyAppUserEmail(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  oobCode: string;
}): Promise<AppUserAuthResponse> {
  const { deps, appId } = options;
  const userId = await consumeAppUserCode(deps.db, appId, "verify", options.oobCode);
  if (!userId) throw new AppError("LINK_INVALID", APP_USER_MESSAGES.verifyLinkInvalid);
  const row = await deps.db
    .updateTable("app_users")
    .set({ emailVerified: true, updatedAt: new Date() })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The address is confirmed, but a disabled user is not signed in.
  if (row.disabled) throw new AppError("USER_DISABLED", AUTH_MESSAGES.userDisabled);
  const token = await signAppToken(deps.config, {
    appId,
    subjectId: row.id,
    kind: "user",
    generation: row.tokenGeneration,
  });
  return { token, user: toAppUser(row) };
}
