import type { Database } from "@liftoff/db";
import {
  APP_BUILDER_VERSION,
  AppError,
  looseRecord,
  SAVED_APP_LIMITS,
  type SavedApp,
  type SavedAppResponse,
  type SavedAppVersionSource,
  upgradeSavedApp,
  validateSavedApp,
} from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { readSavedApp, savedAppKind } from "./read-saved-app.ts";
import { savedAppValidationError } from "./saved-app-validation-error.ts";
import { toSavedAppResponse } from "./to-saved-app-response.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one way a generated app's or single tool's document changes (save, style, settings,
 * restore, chat assistant). Under a lock of the app row it reads the stored document,
 * builds the next one from it, checks it with every rule of validateSavedApp against what
 * was stored, and writes it together with a numbered version (keeping the last
 * SAVED_APP_LIMITS.savedVersionsKept). A refused document changes nothing (400 with a
 * message per path); an unchanged one writes no version.
 *
 * A document that says it is version 4 is checked as sent, so out-of-range values are
 * refused with their message; an older or unversioned one is upgraded first (spec: older
 * documents are upgraded, never rejected).
 */
export async function commitSavedApp(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  source: SavedAppVersionSource;
  next: (previous: SavedApp) => unknown;
  /** Values kept in apps.data beside the document and never sent back (the payment token). */
  secrets?: Record<string, string>;
}): Promise<SavedAppResponse> {
  const { db, managed } = options;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("apps")
      .selectAll()
      .where("id", "=", managed.app.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "App not found");
    const kind = savedAppKind(row);
    const previous = readSavedApp(row);
    const candidate = options.next(previous);
    const doc =
      looseRecord(candidate).appBuilderVersion === APP_BUILDER_VERSION
        ? candidate
        : upgradeSavedApp(candidate, { kind });
    const result = validateSavedApp(doc, {
      kind,
      plan: managed.ownerPlan,
      isAdmin: managed.isPlatformAdmin,
      previous,
      canEnableSignup: row.status === "published" || row.customHost !== null,
      hasCustomDomain: row.customHost !== null,
    });
    if (!result.ok) throw savedAppValidationError(result);

    const current = await latestVersion(trx, row.id);
    const secrets = options.secrets ?? {};
    const secretsChanged = Object.entries(secrets).some(
      ([key, value]) => looseRecord(row.data.secrets)[key] !== value,
    );
    if (same(result.app, previous) && row.data.savedApp !== undefined && !secretsChanged)
      return toSavedAppResponse(row, previous, { version: current, warnings: result.warnings });

    const data: Record<string, unknown> = { ...row.data, savedApp: result.app };
    if (secretsChanged) data.secrets = { ...looseRecord(row.data.secrets), ...secrets };
    const updated = await trx
      .updateTable("apps")
      .set({ data: JSON.stringify(data), updatedAt: new Date() })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const number = (current ?? 0) + 1;
    await trx
      .insertInto("saved_app_versions")
      .values({ appId: row.id, number, document: JSON.stringify(result.app), source: options.source })
      .execute();
    await trx
      .deleteFrom("saved_app_versions")
      .where("appId", "=", row.id)
      .where("number", "<=", number - SAVED_APP_LIMITS.savedVersionsKept)
      .execute();
    return toSavedAppResponse(updated, result.app, { version: number, warnings: result.warnings });
  });
}

/** The number of the app's newest saved version (null: none yet). */
export async function latestVersion(db: Kysely<Database>, appId: string): Promise<number | null> {
  const found = await db
    .selectFrom("saved_app_versions")
    .select(sql<number | null>`max("number")`.as("number"))
    .where("appId", "=", appId)
    .executeTakeFirst();
  return found?.number ?? null;
}
