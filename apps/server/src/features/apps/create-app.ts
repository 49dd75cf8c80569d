import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import {
  AppError,
  type AppKind,
  type AppSummary,
  newSavedApp,
  planIdSchema,
  planLimits,
  type UpgradeReason,
} from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import { writeCreatedVersion } from "../generated-apps/commit-saved-app.ts";
import { slugify } from "./slugify.ts";
import { toAppSummary } from "./to-app-summary.ts";

const KIND_LIMIT: Record<AppKind, { field: "maxGenApps" | "maxSpaceApps" | null; reason: UpgradeReason }> = {
  generated: { field: "maxGenApps", reason: "max_gen_apps" },
  space: { field: "maxSpaceApps", reason: "max_space_apps" },
  tool: { field: null, reason: "max_apps" },
};

/**
 * Creates an app within the plan's limits. The account row is locked for the duration so
 * two simultaneous creates cannot both slip under the limit. A generated app or single
 * tool starts with its saved document (newSavedApp).
 */
export async function createApp(options: {
  db: Kysely<Database>;
  userId: string;
  kind: AppKind;
  name: string;
}): Promise<AppSummary> {
  const { db, userId, kind, name } = options;
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select(["id", "plan"])
      .where("userId", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw new AppError("NOT_FOUND", "Account not found, create it first");
    const limits = planLimits(account.plan === null ? null : planIdSchema.catch("lite").parse(account.plan));
    const counts = await trx
      .selectFrom("apps")
      .select(["kind", sql<number>`count(*)::int`.as("n")])
      .where("accountId", "=", account.id)
      .groupBy("kind")
      .execute();
    const total = counts.reduce((sum, r) => sum + r.n, 0);
    if (total >= limits.maxApps) {
      throw new AppError(
        "PLAN_LIMIT",
        `Your plan allows ${limits.maxApps} apps. Upgrade your plan to create more.`,
        {
          reason: "max_apps",
          limit: limits.maxApps,
        },
      );
    }
    const rule = KIND_LIMIT[kind];
    if (rule.field) {
      const ofKind = counts.find((r) => r.kind === kind)?.n ?? 0;
      const limit = limits[rule.field];
      if (ofKind >= limit) {
        const noun = kind === "generated" ? "generated app" : "space app";
        const label = limit === 1 ? noun : `${noun}s`;
        throw new AppError(
          "PLAN_LIMIT",
          `Your plan allows ${limit} ${label}. Upgrade your plan to create more.`,
          {
            reason: rule.reason,
            limit,
          },
        );
      }
    }
    const savedApp = kind === "space" ? null : newSavedApp(kind, name);
    const row = await trx
      .insertInto("apps")
      .values({
        id: randomUUID(),
        accountId: account.id,
        kind,
        name,
        slug: slugify(name),
        // Generated apps and single tools start with their saved document (issue 15).
        data: JSON.stringify(savedApp ? { savedApp } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Its first kept version, so even the starting point can be gone back to.
    if (savedApp) await writeCreatedVersion(trx, { appId: row.id, document: savedApp });
    return toAppSummary(row);
  });
}
