import type { Deps } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import type { AppTokenClaims } from "./app-token.ts";

/**
 * Whether the subject of a validly signed app token may still use it:
 * - `user`: the end user still exists in this app and the token is of their current token
 *   generation (logout and a password reset move it on, revoking every earlier token) and
 *   the app's builder has not disabled them;
 * - `admin` (the builder's preview): the platform user still exists and is not disabled —
 *   disabling a builder ends their preview tokens with their sessions;
 * - a token with an actor (a builder's "View as" an end user) also needs that builder to
 *   still manage the app: owner or platform admin, not disabled. Losing the app (or the
 *   account) ends it at once, not when it expires.
 */
export async function appTokenSubjectActive(
  deps: Pick<Deps, "db" | "config">,
  claims: AppTokenClaims,
): Promise<boolean> {
  if (claims.actorId !== undefined && !(await actorManagesApp(deps, claims.actorId, claims.appId)))
    return false;
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
    .where("disabled", "=", false)
    .executeTakeFirst();
  return row !== undefined;
}

async function actorManagesApp(
  deps: Pick<Deps, "db" | "config">,
  actorId: string,
  appId: string,
): Promise<boolean> {
  const actor = await deps.db
    .selectFrom("users")
    .leftJoin("accounts", "accounts.userId", "users.id")
    .select(["users.email", "users.emailVerified", "users.isAdmin", "accounts.disabled"])
    .where("users.id", "=", actorId)
    .executeTakeFirst();
  if (!actor || actor.disabled === true) return false;
  if (isPlatformAdmin(deps, actor)) return true;
  const owned = await deps.db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select("apps.id")
    .where("apps.id", "=", appId)
    .where("accounts.userId", "=", actorId)
    .executeTakeFirst();
  return owned !== undefined;
}
