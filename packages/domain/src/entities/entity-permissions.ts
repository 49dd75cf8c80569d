import { z } from "zod";

/**
 * Who may read or write an entity's rows (spec sections 3 "Permission preset" and 6), as
 * decided by the server on every call:
 * - all: anyone, anonymous visitors included;
 * - admin: the app's owner, its collaborators and platform admins;
 * - creator: the signed-in app user who created the row (any signed-in user may create);
 * - none: nobody through the entity API (the builder's own grid still works).
 */
export const ENTITY_ACCESS_LEVELS = ["all", "admin", "creator", "none"] as const;

export const entityAccessSchema = z.enum(ENTITY_ACCESS_LEVELS, {
  error: `Access must be one of: ${ENTITY_ACCESS_LEVELS.join(", ")}`,
});
export type EntityAccess = z.infer<typeof entityAccessSchema>;

/** The labels the permission picker shows (spec section 3). */
export const ENTITY_ACCESS_LABELS: Record<EntityAccess, string> = {
  all: "Public",
  admin: "Admin",
  creator: "Creator",
  none: "None",
};

/** The spec's default: only the creator reads and writes a row. */
export const DEFAULT_ENTITY_PERMISSIONS = { read: "creator", write: "creator" } as const satisfies {
  read: EntityAccess;
  write: EntityAccess;
};

/**
 * The schema's access extension. A side left out takes the default, because models often
 * write only the side they were asked about.
 */
export const entityPermissionsSchema = z.object({
  read: entityAccessSchema.default(DEFAULT_ENTITY_PERMISSIONS.read),
  write: entityAccessSchema.default(DEFAULT_ENTITY_PERMISSIONS.write),
});
export type EntityPermissions = z.infer<typeof entityPermissionsSchema>;

export const ENTITY_PERMISSION_PRESET_IDS = [
  "public_read_admin_write",
  "public_read_creator_write",
  "creator_only",
  "admin_only",
] as const;
export type EntityPermissionPresetId = (typeof ENTITY_PERMISSION_PRESET_IDS)[number];

export type EntityPermissionPreset = {
  id: EntityPermissionPresetId;
  label: string;
  /**
   * What the preset means in words. It is also the text the chat receives, so it names
   * every operation plainly enough for a model to turn it back into {read, write}.
   */
  description: string;
  permissions: EntityPermissions;
};

/** The four presets of spec section 3, in the spec's order. */
export const ENTITY_PERMISSION_PRESETS: readonly EntityPermissionPreset[] = [
  {
    id: "public_read_admin_write",
    label: "Public Read/Admin Write",
    description: "Anyone can view records; only admins can create, edit and delete them",
    permissions: { read: "all", write: "admin" },
  },
  {
    id: "public_read_creator_write",
    label: "Public Read/Creator Write",
    description: "Anyone can view records; signed-in users can create records and edit or delete their own",
    permissions: { read: "all", write: "creator" },
  },
  {
    id: "creator_only",
    label: "Creator Only",
    description: "Users can only view, edit and delete the records they created",
    permissions: { read: "creator", write: "creator" },
  },
  {
    id: "admin_only",
    label: "Admin Only",
    description: "Only admins can view, create, edit and delete records",
    permissions: { read: "admin", write: "admin" },
  },
];

/**
 * The effective permissions of a schema. Stored schemas were validated when written, but
 * this also reads older or hand-edited ones: a missing or unknown side falls back to the
 * spec's default rather than failing the request.
 */
export function permissionsOf(schema: {
  permissions?: Partial<Record<"read" | "write", unknown>> | null;
}): EntityPermissions {
  const read = entityAccessSchema.safeParse(schema.permissions?.read);
  const write = entityAccessSchema.safeParse(schema.permissions?.write);
  return {
    read: read.success ? read.data : DEFAULT_ENTITY_PERMISSIONS.read,
    write: write.success ? write.data : DEFAULT_ENTITY_PERMISSIONS.write,
  };
}

/** The preset matching these permissions, so the picker can mark the current one; null for a custom pair. */
export function matchPermissionPreset(permissions: EntityPermissions): EntityPermissionPreset | null {
  return (
    ENTITY_PERMISSION_PRESETS.find(
      (preset) =>
        preset.permissions.read === permissions.read && preset.permissions.write === permissions.write,
    ) ?? null
  );
}

/** The chat message that asks for a permission change (spec section 6), verbatim. */
export function permissionChangeMessage(entityName: string, presetDescription: string): string {
  return `Please change the permissions for entity "${entityName}" to "${presetDescription}".`;
}
