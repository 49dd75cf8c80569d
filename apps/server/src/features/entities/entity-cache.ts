/**
 * A short-lived, per-process cache of what every entity request reads before the rows: the
 * entity's schema and permissions, and the app's owner. Without it a `get` pays three round
 * trips (app, schema, row) where the row alone is one (bench/entities measured it).
 *
 * Staleness is bounded twice: this process forgets an app's entries as soon as it changes
 * a schema or the app (`forgetApp`), other instances hear of the change through the change
 * bus (`onAppChanged`), and every entry expires after ENTITY_CACHE_TTL_MS regardless, in
 * case a notification is lost. Reads inside a transaction bypass the cache: a transaction
 * must see its own uncommitted schema changes.
 */
export const ENTITY_CACHE_TTL_MS = 3000;

type Entry<T> = { value: Promise<T>; expiresAt: number };

const entries = new Map<string, Entry<unknown>>();
const MAX_ENTRIES = 10_000;

function keyOf(appId: string, kind: string, name: string): string {
  return `${appId}\u0000${kind}\u0000${name}`;
}

/** The cached value, or the loader's (shared by concurrent callers; failures not cached). */
export function cached<T>(
  appId: string,
  kind: "entity" | "app" | "run",
  name: string,
  load: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  const key = keyOf(appId, kind, name);
  const hit = entries.get(key) as Entry<T> | undefined;
  if (hit && hit.expiresAt > now) return hit.value;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = load();
  entries.set(key, { value, expiresAt: now + ENTITY_CACHE_TTL_MS });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Drops every cached entry of an app (its schemas, permissions, owner). */
export function forgetApp(appId: string): void {
  const prefix = `${appId}\u0000`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
