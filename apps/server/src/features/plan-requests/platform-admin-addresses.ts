import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";

/** The verified addresses of every platform admin (the one rule of isPlatformAdmin decides). */
export async function platformAdminAddresses(options: {
  db: Kysely<Database>;
  config: Pick<Config, "adminEmails">;
}): Promise<string[]> {
  const { db, config } = options;
  let query = db
    .selectFrom("users")
    .select(["email", "emailVerified", "isAdmin"])
    .where("emailVerified", "=", true);
  query = query.where((eb) =>
    config.adminEmails.length > 0
      ? eb.or([eb("isAdmin", "=", true), eb(eb.fn("lower", ["email"]), "in", config.adminEmails)])
      : eb("isAdmin", "=", true),
  );
  const rows = await query.execute();
  return rows.filter((user) => isPlatformAdmin({ config }, user)).map((user) => user.email);
}
