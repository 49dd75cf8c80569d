import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";

/** Whether any user already holds platform admin rights (a verified admin address or grant). */
export async function platformAdminExists(deps: Pick<Deps, "db" | "config">): Promise<boolean> {
  const listed = deps.config.adminEmails;
  const row = await deps.db
    .selectFrom("users")
    .select("id")
    .where("emailVerified", "=", true)
    .where((eb) =>
      listed.length > 0
        ? eb.or([eb("isAdmin", "=", true), eb(sql<string>`lower("email")`, "in", listed)])
        : eb("isAdmin", "=", true),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
