import type { Database } from "@liftoff/db";
import { AppError, ASSISTANT_MESSAGES, type PlanId, planIdSchema, type SavedApp } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { readPublishedSavedApp, readSavedApp } from "../generated-apps/read-saved-app.ts";

export type AssistantApp = {
  id: string;
  name: string;
  /** What end users see of the app (the published copy): the assistant talks about this. */
  published: SavedApp;
  owner: { accountId: string; plan: PlanId | null };
};

/**
 * The generated app whose chat assistant an end user may talk to: published, with the
 * assistant switched on. The switch is server-owned and takes effect at once (it is not
 * part of what publishing copies), so it is read from the current document. Anything else
 * is one 404.
 */
export async function loadAssistantApp(db: Kysely<Database>, appId: string): Promise<AssistantApp> {
  const row = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select([
      "apps.id",
      "apps.name",
      "apps.kind",
      "apps.status",
      "apps.data",
      "accounts.id as accountId",
      "accounts.plan as ownerPlan",
    ])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  const notFound = () => new AppError("NOT_FOUND", ASSISTANT_MESSAGES.notFound);
  if (row?.kind !== "generated" || row.status !== "published") throw notFound();
  const published = readPublishedSavedApp(row);
  if (!published || readSavedApp(row).chatSettings.status !== "active") throw notFound();
  return {
    id: row.id,
    name: row.name,
    published,
    owner: {
      accountId: row.accountId,
      plan: row.ownerPlan === null ? null : planIdSchema.catch("lite").parse(row.ownerPlan),
    },
  };
}
