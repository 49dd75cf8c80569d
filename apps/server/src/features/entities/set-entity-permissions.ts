import type { Database } from "@liftoff/db";
import type { EntityPermissions } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { loadEntity } from "./load-entity.ts";
import { saveEntitySchema } from "./save-entity-schema.ts";

/**
 * Applies a permission preset directly. The product's main path asks the chat assistant
 * to do it (spec section 6); until the assistant exists the owner can apply it here.
 */
export async function setEntityPermissions(options: {
  db: Kysely<Database>;
  appId: string;
  name: string;
  permissions: EntityPermissions;
}): Promise<void> {
  const loaded = await loadEntity(options.db, options.appId, options.name);
  await saveEntitySchema({
    db: options.db,
    appId: options.appId,
    name: options.name,
    schema: { ...loaded.schema, permissions: options.permissions },
  });
}
