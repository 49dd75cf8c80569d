import type { Deps } from "../../http/app-env.ts";
import type { AppTokenClaims } from "./app-token.ts";

/**
 * Whether the subject of a validly signed app token may still use it:
 * - `user`: the end user still exists in this app and the token is of their current token
 *   generation (logout and a password reset move it on, revoking every earlier token);
 * - `admin` (the builder's preview): the platform user still exists and is not disabled —
 *   disabling a builder ends their preview tokens with their sessions.
 */
export async function appTokenSubjectActive(
  deps: Pick<Deps, "db">,
  claims: AppTokenClaims,
): Promise<boolean> {
  if (claims.kind === "admin") {
    const row = await deps.db
      .selectFrom("users")
      .leftJoin("accounts", "accounts.userId", "users.id")
      .select("accounts.disabled")
      .where("users.id", "=", claims.subjectId)
      .executeTakeFirst();
    return row !== undefined && row.disabled !== true;
  }
  const row = await deps.db
    .selectFrom("app_users")
    .select("id")
    .where("id", "=", claims.subjectId)
    .where("appId", "=", claims.appId)
    .where("tokenGeneration", "=", claims.generation)
    .executeTakeFirst();
  return row !== undefined;
}
