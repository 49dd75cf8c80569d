import type { Database } from "@liftoff/db";
import type { SavedAppResponse, UpdateAppStyleBody } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { commitSavedApp } from "./commit-saved-app.ts";

/** POST /api/apps/{id}/style {appStyle}: the whole style, within what the plan allows (watermark). */
export function updateAppStyle(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  body: UpdateAppStyleBody;
}): Promise<SavedAppResponse> {
  return commitSavedApp({
    db: options.db,
    managed: options.managed,
    source: "style",
    next: (previous) => ({ ...previous, style: options.body.appStyle }),
  });
}
