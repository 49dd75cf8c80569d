/**
 * The app's own `localStorage`. The frame has an opaque origin and therefore no storage of
 * its own: it keeps an in-memory store seeded from `init` and reports every change with a
 * `storage` message; the host persists the whole store as one JSON object under a key of
 * its own per app, so apps can never read each other's values (or the platform's).
 */

/** Total size (in UTF-16 code units) one app may keep; writes beyond it are dropped. */
export const MAX_APP_STORAGE_CHARS = 1_000_000;

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The host's localStorage key holding one app's store. */
export function appStorageKey(appId: string): string {
  return `liftoff.appStorage.${appId}`;
}

/** The persisted store, or an empty one when missing, unreadable or not an object of strings. */
export function readAppStorage(storage: StorageLike | null, key: string): Record<string, string> {
  if (!storage) return {};
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    // Storage can be disabled by browser settings; the app then simply starts empty.
    return {};
  }
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const store: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === "string") store[name] = value;
    }
    return store;
  } catch {
    return {};
  }
}

/**
 * Sets (or, with `null`, removes) one item and writes the store back. Returns false when the
 * write was refused: over the size limit, or the browser's storage is full or disabled.
 */
export function writeAppStorageItem(
  storage: StorageLike | null,
  key: string,
  item: string,
  value: string | null,
): boolean {
  if (!storage) return false;
  const store = readAppStorage(storage, key);
  if (value === null) delete store[item];
  else store[item] = value;
  const serialized = JSON.stringify(store);
  if (serialized.length > MAX_APP_STORAGE_CHARS) return false;
  try {
    if (Object.keys(store).length === 0) storage.removeItem(key);
    else storage.setItem(key, serialized);
    return true;
  } catch {
    return false;
  }
}

/** The page's localStorage, or null where the browser blocks it (e.g. third-party cookie settings). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Access throws when storage is blocked.
    return null;
  }
}
