import type { Database } from "@liftoff/db";
import { type SavedAppResponse, validateSavedApp } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { latestVersion } from "./commit-saved-app.ts";
import { readSavedApp, savedAppKind } from "./read-saved-app.ts";
import { toSavedAppResponse } from "./to-saved-app-response.ts";

/** The builder's copy of the app: the stored document upgraded to v4, with its warnings. */
export async function getSavedApp(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
}): Promise<SavedAppResponse> {
  const { db, managed } = options;
  const row = managed.app;
  const app = readSavedApp(row);
  // Checked against itself: only the warnings (unknown tags, inactive fields) are of use here.
  const { warnings } = validateSavedApp(app, {
    kind: savedAppKind(row),
    plan: managed.ownerPlan,
    isAdmin: managed.isPlatformAdmin,
    previous: app,
  });
  return toSavedAppResponse(row, app, {
    version: await latestVersion(db, row.id),
    warnings,
    ownerPlan: managed.ownerPlan,
  });
}
