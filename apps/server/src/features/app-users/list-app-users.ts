import type { AppUserSummary } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { toAppUserSummary } from "./to-app-user-summary.ts";

/** The owner's view of an app's users, newest first (capped: a panel, not an export). */
export async function listAppUsers(deps: Pick<Deps, "db">, appId: string): Promise<AppUserSummary[]> {
  const rows = await deps.db
    .selectFrom("app_users")
    .select(["id", "email", "name", "emailVerified", "createdAt", "lastSeenAt", "disabled"])
    .where("appId", "=", appId)
    .orderBy("createdAt", "desc")
    .limit(1000)
    .execute();
  return rows.map(toAppUserSummary);
}
