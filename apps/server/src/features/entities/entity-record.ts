import type { Database } from "@liftoff/db";
import type { Selectable } from "kysely";

/**
 * A row as the entity API returns it: the stored fields flat, plus the built-in id,
 * createdAt, updatedAt and creatorId — the shape generated apps read (`task.title`,
 * `task.createdAt`).
 */
export type EntityRecord = Record<string, unknown> & {
  id: string;
  createdAt: string;
  updatedAt: string;
  creatorId: string | null;
};

export function toEntityRecord(
  row: Selectable<Database["entity_rows"]>,
  fields?: string[] | null,
): EntityRecord {
  const data = fields
    ? Object.fromEntries(Object.entries(row.data).filter(([k]) => fields.includes(k)))
    : row.data;
  return {
    ...data,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creatorId: row.creatorId,
  };
}
