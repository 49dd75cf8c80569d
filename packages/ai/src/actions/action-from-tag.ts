import { ENTITY_ACCESS_LEVELS, type EntityAccess, type EntityPermissions } from "@liftoff/domain";
import { ACTION_TYPES, type ActionType } from "./action-types.ts";

/** Names models use for our types; mapped rather than refused. */
const TYPE_ALIASES: Record<string, ActionType> = {
  create_file: "add_file",
  new_file: "add_file",
  write_file: "add_file",
  update_file: "edit_file",
  modify_file: "edit_file",
  remove_file: "delete_file",
  create_entity: "add_entity",
  update_entity: "edit_entity",
  modify_entity: "edit_entity",
  insert_records: "insert_entity_records",
  import_entity: "import_entities",
};

const VERBS: Record<ActionType, string> = {
  add_file: "Create",
  edit_file: "Edit",
  add_entity: "Create entity",
  edit_entity: "Update entity",
  delete_file: "Delete",
  import_entities: "Import entities",
  insert_entity_records: "Add records to",
  unknown: "Action",
};

export function actionTypeOf(raw: string | undefined): ActionType {
  const key = (raw ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((ACTION_TYPES as readonly string[]).includes(key)) return key as ActionType;
  return TYPE_ALIASES[key] ?? "unknown";
}

function access(value: string | undefined): EntityAccess | undefined {
  const v = value?.trim().toLowerCase();
  return (ENTITY_ACCESS_LEVELS as readonly string[]).includes(v ?? "") ? (v as EntityAccess) : undefined;
}

/** The fields of an action that come from its opening tag's attributes. */
export function actionFromTag(attributes: Record<string, string>): {
  type: ActionType;
  file: string | null;
  title: string;
  permissions?: EntityPermissions;
} {
  const type = actionTypeOf(attributes.type ?? attributes.action);
  const rawFile = attributes.file ?? attributes.path ?? attributes.entity ?? attributes.name;
  const file = rawFile ? rawFile.replace(/^\.?\//, "") || null : null;
  const title = attributes.title?.trim() || [VERBS[type], file].filter(Boolean).join(" ");
  const read = access(attributes.read);
  const write = access(attributes.write);
  if (!read && !write) return { type, file, title };
  // A side left out takes the platform default, as the entity schema does.
  return { type, file, title, permissions: { read: read ?? "creator", write: write ?? "creator" } };
}
