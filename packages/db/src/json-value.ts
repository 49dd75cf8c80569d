import { type RawBuilder, sql } from "kysely";

/**
 * A jsonb parameter. Serialised here because node-postgres turns JS arrays into Postgres
 * arrays, not JSON; stringifying keeps both drivers writing identical jsonb.
 */
export function jsonValue<T>(value: T): RawBuilder<string> {
  return sql<string>`${JSON.stringify(value)}::jsonb`;
}
