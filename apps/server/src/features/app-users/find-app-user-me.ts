import type { AppUser } from "@liftoff/domain";
import { AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { AppTokenClaims } from "../app-tokens/app-token.ts";
import { toAppUser } from "./to-app-user.ts";

/**
 * The user behind an app token. An end user comes from app_users; the builder previewing
 * as the app's admin (kind `admin`) is the platform user, shown with role 'admin' so the
 * app's admin-only screens can be tried in the preview. A deleted user is signed out (401).
 */
export async function findAppUserMe(deps: Pick<Deps, "db">, claims: AppTokenClaims): Promise<AppUser> {
  if (claims.kind === "admin") {
    const user = await deps.db
      .selectFrom("users")
      .select(["id", "email", "name", "emailVerified", "createdAt"])
      .where("id", "=", claims.subjectId)
      .executeTakeFirst();
    if (!user) throw new AppError("UNAUTHORIZED", "Please log in to continue");
    return {
      id: user.id,
      email: user.email,
      full_name: user.name,
      name: user.name,
      emailVerified: user.emailVerified,
      role: "admin",
      createdAt: new Date(user.createdAt).toISOString(),
    };
  }
  const row = await deps.db
    .selectFrom("app_users")
    .selectAll()
    .where("id", "=", claims.subjectId)
    .where("appId", "=", claims.appId)
    .executeTakeFirst();
  if (!row) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return toAppUser(row);
}
