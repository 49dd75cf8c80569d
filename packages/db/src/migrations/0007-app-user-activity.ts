import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * The builder's App users panel (issue 13): an end user can be disabled (no sign-in, their
 * tokens stop counting), and "last seen" is kept on login and token use. lastSeenAt is
 * written at most once per few minutes per user (see touch-app-user-seen.ts), so it costs
 * no write on the entity API's hot path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table "app_users" add column "disabled" boolean not null default false;
    alter table "app_users" add column "lastSeenAt" timestamptz;
    `,
  );
}
