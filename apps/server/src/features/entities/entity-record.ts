import type { Database } from "@liftoff/db";
import { type Selectable, sql } from "kysely";

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
 * The columns a read selects for recordJsonText: the stored fields as jsonb's text and the
 * built-in ones as text (timestamps as UTC wall-clock text). Postgres only prints values it
 * holds; the JSON is joined in Node as text. Building it in SQL (jsonb_build_object, `||`,
 * to_char) cost Postgres 40 % more per list of 20 rows than printing the columns
 * (pgbench, 100k rows), and parsing the jsonb and the timestamps in Node cost us more still.
 */
const TEXT_COLUMNS = {
  data: `"data"::text`,
  id: `"id"`,
  createdAt: `("createdAt" at time zone 'UTC')::text`,
  updatedAt: `("updatedAt" at time zone 'UTC')::text`,
  creatorId: `"creatorId"`,
} as const;

export const RECORD_TEXT_COLUMNS_SQL = Object.entries(TEXT_COLUMNS)
  .map(([alias, expression]) => `${expression} as "${alias}"`)
  .join(", ");

/** A row as RECORD_TEXT_COLUMNS_SQL selects it. */
export type RecordTextRow = {
  data: string;
  id: string;
  createdAt: string;
  updatedAt: string;
  creatorId: string | null;
};

// ISO DateStyle (the PostgreSQL default, checked at boot by openDatabase): "2026-11-25 00:25:42.714343".
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;

/** "2026-11-25 00:25:42.714343" → "2026-11-25T00:25:42.714Z", toISOString()'s form (microseconds truncated). */
export function utcTextToIso(text: string): string {
  const match = UTC_TEXT.exec(text);
  if (!match) throw new Error(`Unexpected timestamp text from the database: ${text}`);
  const fraction = `${match[3] ?? ""}000`.slice(0, 3);
  return `${match[1]}T${match[2]}.${fraction}Z`;
}

/**
 * The JSON text of the record toEntityRecord makes: the stored fields, then the built-in
 * ones. Built-in names are reserved in schemas and unknown fields are dropped on write, so
 * a stored key never repeats one (and if it did, JSON.parse keeps the last: the built-in).
 * Reads send this text as it is; Node never parses the stored fields.
 */
export function recordJsonText(row: RecordTextRow): string {
  const fields = row.data.length > 2 ? `${row.data.slice(0, -1)}, ` : "{";
  return `${fields}"id": ${JSON.stringify(row.id)}, "createdAt": "${utcTextToIso(row.createdAt)}", "updatedAt": "${utcTextToIso(row.updatedAt)}", "creatorId": ${row.creatorId === null ? "null" : JSON.stringify(row.creatorId)}}`;
}

/** The record as jsonb (what the change log stores), with recordJsonText's fields and forms. */
export const RECORD_JSONB_SQL = `("data" || ${BUILT_INS})`;

/** RECORD_TEXT_COLUMNS_SQL as a Kysely selection, keeping only the given stored fields when `fields` is set. */
export function recordTextSelection(fields?: readonly string[] | null) {
  const data = fields
    ? sql<string>`(select coalesce(jsonb_object_agg(field.key, field.value), '{}'::jsonb) from jsonb_each("data") as field where field.key = any(${[...fields]}::text[]))::text`
    : sql.raw<string>(TEXT_COLUMNS.data);
  return [
    data.as("data"),
    sql.raw<string>(TEXT_COLUMNS.id).as("id"),
    sql.raw<string>(TEXT_COLUMNS.createdAt).as("createdAt"),
    sql.raw<string>(TEXT_COLUMNS.updatedAt).as("updatedAt"),
    sql.raw<string | null>(TEXT_COLUMNS.creatorId).as("creatorId"),
  ] as const;
}
