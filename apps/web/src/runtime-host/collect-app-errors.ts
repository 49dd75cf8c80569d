import { type AppRuntimeError, appErrorKey } from "@liftoff/domain";

/**
 * The App errors of one preview session, for the builder's issue panel: deduplicated by
 * title and component (`appErrorKey`), each one suppressible. A suppressed error stays
 * hidden when the app reports it again, until the collection is cleared (a new version).
 */
export type CollectedAppError = AppRuntimeError & {
  key: string;
  /** How many times the app reported it. */
  count: number;
};

export type AppErrorCollection = {
  /** Visible errors, oldest first. */
  errors: CollectedAppError[];
  /** Keys the builder suppressed. */
  suppressed: string[];
};

export const EMPTY_APP_ERRORS: AppErrorCollection = { errors: [], suppressed: [] };

/** Most distinct errors kept; an app throwing in a loop must not grow the panel without end. */
export const MAX_COLLECTED_APP_ERRORS = 50;

/**
 * Adds one reported error. `isNew` is true when it was not shown before — the moment the
 * issue panel expands. A repeat only raises the count; a suppressed one changes nothing.
 */
export function collectAppError(
  collection: AppErrorCollection,
  error: AppRuntimeError,
): { collection: AppErrorCollection; isNew: boolean } {
  const key = appErrorKey(error);
  if (collection.suppressed.includes(key)) return { collection, isNew: false };
  const index = collection.errors.findIndex((existing) => existing.key === key);
  if (index >= 0) {
    const errors = collection.errors.map((existing, i) =>
      i === index ? { ...existing, count: existing.count + 1 } : existing,
    );
    return { collection: { ...collection, errors }, isNew: false };
  }
  const errors = [...collection.errors, { ...error, key, count: 1 }].slice(-MAX_COLLECTED_APP_ERRORS);
  return { collection: { ...collection, errors }, isNew: true };
}

/** Adds several reported errors at once (e.g. a batch received while the panel was hidden). */
export function collectAppErrors(
  collection: AppErrorCollection,
  reported: readonly AppRuntimeError[],
): { collection: AppErrorCollection; added: number } {
  let current = collection;
  let added = 0;
  for (const error of reported) {
    const result = collectAppError(current, error);
    current = result.collection;
    if (result.isNew) added += 1;
  }
  return { collection: current, added };
}

/** Hides one error (by key) now and when it comes back. The panel collapses when `errors` is empty. */
export function suppressAppError(collection: AppErrorCollection, key: string): AppErrorCollection {
  return {
    errors: collection.errors.filter((error) => error.key !== key),
    suppressed: collection.suppressed.includes(key) ? collection.suppressed : [...collection.suppressed, key],
  };
}
