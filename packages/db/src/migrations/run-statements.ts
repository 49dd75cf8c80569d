import { type Kysely, sql } from "kysely";

/**
 * Runs a DDL script statement by statement: the extended query protocol (used by both
 * drivers for parameterised queries) refuses several statements in one message. Split on
 * semicolons at line ends, so keep function bodies out of these scripts.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter((s) => s.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
