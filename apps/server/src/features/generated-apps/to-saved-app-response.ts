import type { Database } from "@liftoff/db";
import type { FieldMessages, PlanId, SavedApp, SavedAppResponse } from "@liftoff/domain";
import type { Selectable } from "kysely";
import { canEnableSignup } from "./can-enable-signup.ts";
import { readPublishedSavedApp, savedAppKind } from "./read-saved-app.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The builder's view of a saved app (GET /api/apps/{id}/saved-app and every save). */
export function toSavedAppResponse(
  row: Selectable<Database["apps"]>,
  app: SavedApp,
  extra: { version: number | null; warnings: FieldMessages; ownerPlan: PlanId | null },
): SavedAppResponse {
  const published = readPublishedSavedApp(row);
  return {
    appId: row.id,
    slug: row.slug,
    kind: savedAppKind(row),
    app,
    version: extra.version,
    ownerPlan: extra.ownerPlan,
    warnings: extra.warnings,
    status: row.status === "published" ? "published" : "draft",
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    hasUnpublishedChanges: row.status === "published" && published !== null && !same(published, app),
    canEnableSignup: canEnableSignup(row),
    hasCustomDomain: row.customHost !== null,
  };
}
