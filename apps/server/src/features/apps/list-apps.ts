import type { Database } from "@liftoff/db";
import type { AppSummary } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { toAppSummary } from "./to-app-summary.ts";

/** The user's apps, most recently changed first. */
export async function listApps(options: { db: Kysely<Database>; userId: string }): Promise<AppSummary[]> {
  const rows = await options.db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .selectAll("apps")
    .where("accounts.userId", "=", options.userId)
    .orderBy("apps.updatedAt", "desc")
    .execute();
  return rows.map(toAppSummary);
}
