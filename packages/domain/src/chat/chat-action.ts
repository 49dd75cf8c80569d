import { z } from "zod";
import { entityAccessSchema } from "../entities/entity-permissions.ts";

/** Spec section 3 "Action in assistant text": what an action does. */
export const ACTION_TYPE_VALUES = [
  "add_file",
  "edit_file",
  "add_entity",
  "edit_entity",
  "delete_file",
  "import_entities",
  "insert_entity_records",
  "unknown",
] as const;

/** Permissions as written on an entity action (both sides present once parsed). */
export const entityPermissionsSchemaForChat = z.object({
  read: entityAccessSchema,
  write: entityAccessSchema,
});
