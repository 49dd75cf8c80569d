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
import type { Kysely, Transaction } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { canEnableSignup } from "./can-enable-signup.ts";
import { keepServerOwned } from "./keep-server-owned.ts";
import { readSavedApp, savedAppKind } from "./read-saved-app.ts";
import { savedAppValidationError } from "./saved-app-validation-error.ts";
import { toSavedAppResponse } from "./to-saved-app-response.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Auto-saves within this long of the previous one replace it rather than adding a version,
 * so the kept versions span minutes of work, not the last 40 seconds of typing.
 */
export const SAVE_FOLD_MS = 2 * 60 * 1000;

export const SAVE_CONFLICT_MESSAGE =
  "This app was changed somewhere else (another tab or person). Reload to get the latest version, then make your change again.";

/**
 * The one way a generated app's or single tool's document changes (save, style, settings,
 * restore, chat assistant). Under a lock of the app row it reads the stored document,
 * builds the next one from it, checks it with every rule of validateSavedApp against what
 * was stored, and writes it together with a numbered version (keeping the last
 * SAVED_APP_LIMITS.savedVersionsKept; an auto-save soon after another folds into it). A
 * refused document changes nothing (400 with a message per path); an unchanged one writes
 * no version. A save based on an older version than the stored one is refused (409), so
 * two editors never silently undo each other's work.
 *
 * A document that says it is version 4 is checked as sent, so out-of-range values are
 * refused with their message; an older or unversioned one is upgraded first (spec: older
 * documents are upgraded, never rejected). The chat assistant and the payment connection
 * are the server's (keepServerOwned) whatever the document says.
 */
export async function commitSavedApp(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  source: SavedAppVersionSource;
  next: (previous: SavedApp) => unknown;
  /** The version the caller edited (saves only); another stored version means a conflict. */
  baseVersion?: number | null;
  /** The chat call's new chat settings, the one way to change them. */
  chatSettings?: SavedApp["chatSettings"];
  /** Values kept in apps.data beside the document and never sent back (the sealed payment token). */
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
    const current = await latestVersionRow(trx, row.id);
    if (options.baseVersion !== undefined && options.baseVersion !== (current?.number ?? null))
      throw new AppError("CONFLICT", SAVE_CONFLICT_MESSAGE, {
        reason: "stale_version",
        version: current?.number ?? null,
      });
    const candidate = options.next(previous);
    const upgraded =
      looseRecord(candidate).appBuilderVersion === APP_BUILDER_VERSION
        ? candidate
        : upgradeSavedApp(candidate, { kind });
    const secrets = options.secrets ?? {};
    const doc = keepServerOwned(upgraded, previous, {
      ...(options.chatSettings ? { chatSettings: options.chatSettings } : {}),
      ...(secrets.paymentProviderAccessToken === undefined
        ? {}
        : { hasPaymentProviderAccessToken: secrets.paymentProviderAccessToken !== "" }),
    });
    const result = validateSavedApp(doc, {
      kind,
      plan: managed.ownerPlan,
      isAdmin: managed.isPlatformAdmin,
      previous,
      canEnableSignup: canEnableSignup(row),
      hasCustomDomain: row.customHost !== null,
    });
    if (!result.ok) throw savedAppValidationError(result);

    const secretsChanged = Object.entries(secrets).some(
      ([key, value]) => looseRecord(row.data.secrets)[key] !== value,
    );
    const extra = { ownerPlan: managed.ownerPlan, warnings: result.warnings };
    if (same(result.app, previous) && row.data.savedApp !== undefined && !secretsChanged)
      return toSavedAppResponse(row, previous, { ...extra, version: current?.number ?? null });

    const data: Record<string, unknown> = { ...row.data, savedApp: result.app };
    if (secretsChanged) data.secrets = { ...looseRecord(row.data.secrets), ...secrets };
    const updated = await trx
      .updateTable("apps")
      .set({ data: JSON.stringify(data), updatedAt: new Date() })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const number = await writeVersion(trx, {
      appId: row.id,
      document: result.app,
      source: options.source,
      latest: current,
    });
    return toSavedAppResponse(updated, result.app, { ...extra, version: number });
  });
}

type VersionRow = { number: number; source: string; createdAt: Date };

async function latestVersionRow(db: Kysely<Database>, appId: string): Promise<VersionRow | null> {
  const found = await db
    .selectFrom("saved_app_versions")
    .select(["number", "source", "createdAt"])
    .where("appId", "=", appId)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  return found ?? null;
}

/**
 * Adds a version (pruning to the kept count), or folds an auto-save into the auto-save
 * just before it; a fold keeps the number, so the editor's base version still matches.
 */
async function writeVersion(
  trx: Transaction<Database>,
  input: { appId: string; document: SavedApp; source: SavedAppVersionSource; latest: VersionRow | null },
): Promise<number> {
  const { latest } = input;
  const document = JSON.stringify(input.document);
  if (
    input.source === "save" &&
    latest?.source === "save" &&
    Date.now() - latest.createdAt.getTime() < SAVE_FOLD_MS
  ) {
    await trx
      .updateTable("saved_app_versions")
      .set({ document })
      .where("appId", "=", input.appId)
      .where("number", "=", latest.number)
      .execute();
    return latest.number;
  }
  const number = (latest?.number ?? 0) + 1;
  await trx
    .insertInto("saved_app_versions")
    .values({ appId: input.appId, number, document, source: input.source })
    .execute();
  await trx
    .deleteFrom("saved_app_versions")
    .where("appId", "=", input.appId)
    .where("number", "<=", number - SAVED_APP_LIMITS.savedVersionsKept)
    .execute();
  return number;
}

/** The number of the app's newest saved version (null: none yet). */
export async function latestVersion(db: Kysely<Database>, appId: string): Promise<number | null> {
  return (await latestVersionRow(db, appId))?.number ?? null;
}

/** The first version of a new app's document (source 'create'), written with the app. */
export async function writeCreatedVersion(
  trx: Transaction<Database>,
  input: { appId: string; document: SavedApp },
): Promise<void> {
  await trx
    .insertInto("saved_app_versions")
    .values({ appId: input.appId, number: 1, document: JSON.stringify(input.document), source: "create" })
    .execute();
}
