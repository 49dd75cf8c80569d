import type { Database } from "@liftoff/db";
import { AppError, newSavedApp, type SavedApp, type SavedAppKind, upgradeSavedApp } from "@liftoff/domain";
import type { Selectable } from "kysely";

type AppRow = Pick<Selectable<Database["apps"]>, "kind" | "name" | "data">;
type PublishedRow = AppRow & Pick<Selectable<Database["apps"]>, "status">;

/** The saved-app kind of an app row; space apps have no saved document (400). */
export function savedAppKind(row: Pick<AppRow, "kind">): SavedAppKind {
  if (row.kind === "generated" || row.kind === "tool") return row.kind;
  throw new AppError("BAD_REQUEST", "Only generated apps and single tools have tools and branding");
}

/**
 * The app's current document, upgraded to v4: what older builders stored is read, never
 * refused, and an app made before it was first saved gets the document it starts with.
 */
export function readSavedApp(row: AppRow): SavedApp {
  const kind = savedAppKind(row);
  const stored = row.data.savedApp;
  return stored === undefined || stored === null
    ? newSavedApp(kind, row.name)
    : upgradeSavedApp(stored, { kind });
}

/**
 * The document end users get, when the app is published (null otherwise). The status is
 * asked first: unpublishing keeps the copy (publishing again without changes must not lose
 * it), so a stored copy alone never means the app is public.
 */
export function readPublishedSavedApp(row: PublishedRow): SavedApp | null {
  if (row.status !== "published") return null;
  const stored = row.data.publishedSavedApp;
  if (stored === undefined || stored === null) return null;
  return upgradeSavedApp(stored, { kind: savedAppKind(row) });
}
