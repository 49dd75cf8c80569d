import { type Kysely, sql } from "kysely";

/**
 * `liftoff_refuse(reason)`: true for null, otherwise raises P0001 with `reason` as the
 * message. It lets ONE statement check several conditions and undo everything it wrote
 * when one fails — a statement that raises is rolled back whole — without a client round
 * trip per step (takeRunAllowance counts a run in every limit window, charges the builder
 * and stores the run in one statement). A plain SQL function cannot raise; plpgsql ships
 * with PostgreSQL and PGlite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create or replace function "liftoff_refuse"("reason" text) returns boolean
    language plpgsql volatile as $$
    begin
      if "reason" is null then
        return true;
      end if;
      raise exception using errcode = 'P0001', message = "reason";
    end
    $$`)
    .execute(db);
}
