import type { Database } from "@liftoff/db";
import { type RawBuilder, type Selectable, sql } from "kysely";

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

// `toISOString()`'s form, millisecond precision (both truncate the microseconds).
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const BUILT_INS = `jsonb_build_object('id', "id", 'createdAt', to_char("createdAt" at time zone 'UTC', ${ISO_UTC}), 'updatedAt', to_char("updatedAt" at time zone 'UTC', ${ISO_UTC}), 'creatorId', "creatorId")`;

/**
 * SQL over an entity_rows row: the JSON text of the record toEntityRecord makes (the stored
 * fields and the built-in ones, which win over a stored key of the same name), built by
 * Postgres. Reads send it to the client as it comes: Node neither parses the jsonb and the
 * timestamps nor stringifies them again, which was most of a list's CPU in our process
 * (bench/entities/profile.ts). Keys come in jsonb's order (shorter first), the order the
 * realtime events, stored as jsonb, always had.
 */
export const RECORD_JSON_SQL = `("data" || ${BUILT_INS})::text`;

/** The record as jsonb (what the change log stores), with RECORD_JSON_SQL's fields and forms. */
export const RECORD_JSONB_SQL = `("data" || ${BUILT_INS})`;

/** RECORD_JSON_SQL for a Kysely select, keeping only the given stored fields when `fields` is set. */
export function recordJson(fields?: readonly string[] | null): RawBuilder<string> {
  if (!fields) return sql.raw<string>(RECORD_JSON_SQL);
  return sql<string>`((select coalesce(jsonb_object_agg(field.key, field.value), '{}'::jsonb) from jsonb_each("data") as field where field.key = any(${[...fields]}::text[])) || ${sql.raw(BUILT_INS)})::text`;
}
