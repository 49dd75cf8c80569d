import type { Database } from "@liftoff/db";
import type { AppApiKey } from "@liftoff/domain";
import type { Selectable } from "kysely";

/** A stored key as the settings list it (the hash stays on the server). */
export function appApiKeyView(row: Selectable<Database["app_api_keys"]>): AppApiKey {
  return {
    id: row.id,
    name: row.name,
    displayHint: row.displayHint,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
  };
}
