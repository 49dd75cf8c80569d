import type { EntityPermissions } from "@liftoff/domain";

/**
 * A row as the entity API returns it: the entity's own fields flat, plus the built-in
 * fields the server sets (never the client): id, createdAt and updatedAt as ISO strings,
 * and creatorId (null for rows created anonymously or imported).
 */
export type EntityRecord = {
  id: string;
  createdAt: string;
  updatedAt: string;
  creatorId: string | null;
  // `any`, as in the SDK whose shapes this copies: the fields are defined at run time by
  // the app's schema, and typing them `unknown` would reject the plain `task.title`
  // reads every generated component makes.
  // biome-ignore lint/suspicious/noExplicitAny: fields come from a run-time schema
  [field: string]: any;
};

/** The fields an app writes: anything but the built-ins, which the server ignores on input. */
export type EntityData = Record<string, unknown>;

/** One realtime change, as `subscribe` delivers it. */
export type EntityChangeEvent = {
  type: "create" | "update" | "delete";
  /** The row after the change (for a delete: the row as it was). */
  record: EntityRecord;
  /** The same row under the name exported apps read (`event.data`). */
  data: EntityRecord;
  /** The changed row's id (`event.id` in exported apps). */
  id: string;
};

export type EntitySchemaInfo = {
  name: string;
  schema: Record<string, unknown>;
  permissions: EntityPermissions;
};
