import type { Database } from "@liftoff/db";
import type { AppKind, AppSummary } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { log } from "../../log.ts";
import { addStarterVersion } from "../space-apps/add-starter-version.ts";
import { createApp } from "./create-app.ts";
import { toAppSummary } from "./to-app-summary.ts";

/**
 * An app made from the New app dialog, without a template. A space app gets the starter
 * page as its first version, so its preview and Publish work at once, with or without an
 * AI model (issue 13). Templates call createApp directly: their first version is the
 * template's. A failure after the app row exists removes the app, as useTemplate does, so
 * the plan slot is never spent on a half-made app.
 */
export async function createBlankApp(options: {
  db: Kysely<Database>;
  userId: string;
  kind: AppKind;
  name: string;
}): Promise<AppSummary> {
  const { db, userId } = options;
  const app = await createApp(options);
  if (app.kind !== "space") return app;
  try {
    await addStarterVersion({ db, appId: app.id, userId });
  } catch (error) {
    log.error("adding the starter page failed; removing the new app", { appId: app.id, error });
    await db.deleteFrom("apps").where("id", "=", app.id).execute();
    throw error;
  }
  const row = await db.selectFrom("apps").selectAll().where("id", "=", app.id).executeTakeFirstOrThrow();
  return toAppSummary(row);
}
