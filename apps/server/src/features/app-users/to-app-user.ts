import type { AppUsersTable } from "@liftoff/db";
import type { AppUser } from "@liftoff/domain";
import type { Selectable } from "kysely";

/**
 * What `me()` answers: the app's custom fields first, then the built-in ones, so a stored
 * field can never shadow the id, e-mail or role. `full_name` repeats `name` under the
 * name exported apps read.
 */
export function toAppUser(row: Selectable<AppUsersTable>): AppUser {
  return {
    ...row.data,
    id: row.id,
    email: row.email,
    full_name: row.name,
    name: row.name,
    emailVerified: row.emailVerified,
    role: row.role,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
