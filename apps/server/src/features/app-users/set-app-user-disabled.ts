import { AppError, type AppUserSummary } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { revokeAppUserTokens } from "./revoke-app-user-tokens.ts";
import { toAppUserSummary } from "./to-app-user-summary.ts";

/**
 * The builder disables or enables one of the app's end users. Disabling also moves the
 * user's token generation on, so every token they hold stops at once (this instance; other
 * instances' entity caches within 30 s, and appTokenSubjectActive refuses disabled users
 * anyway); enabling does not bring old tokens back: the user signs in again.
 */
export async function setAppUserDisabled(
  deps: Pick<Deps, "db">,
  appId: string,
  appUserId: string,
  disabled: boolean,
): Promise<AppUserSummary> {
  const row = await deps.db
    .updateTable("app_users")
    .set({ disabled, updatedAt: new Date() })
    .where("id", "=", appUserId)
    .where("appId", "=", appId)
    .returning(["id", "email", "name", "emailVerified", "createdAt", "lastSeenAt", "disabled"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  if (disabled) await revokeAppUserTokens(deps.db, appUserId);
  return toAppUserSummary(row);
}
