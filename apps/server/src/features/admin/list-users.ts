import type { Database } from "@liftoff/db";
import { type AdminUser, planIdSchema } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import type { Config } from "../../config.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";

export const ADMIN_USER_PAGE = 200;

/** Users with their account state for the admin page; `q` matches e-mail or name. */
export async function listUsers(options: {
  db: Kysely<Database>;
  config: Pick<Config, "adminEmails">;
  q?: string | undefined;
  userId?: string | undefined;
}): Promise<AdminUser[]> {
  let query = options.db
    .selectFrom("users")
    .leftJoin("accounts", "accounts.userId", "users.id")
    .select([
      "users.id as userId",
      "accounts.id as accountId",
      "users.email",
      "users.name",
      "users.emailVerified",
      "users.isAdmin",
      "accounts.plan",
      "accounts.disabled",
      "users.createdAt",
      sql<number>`(select count(*)::int from apps where apps."accountId" = accounts.id)`.as("appsCount"),
    ])
    .orderBy("users.createdAt", "desc")
    .limit(ADMIN_USER_PAGE);
  if (options.userId) query = query.where("users.id", "=", options.userId);
  const q = options.q?.trim();
  if (q) {
    // Escape LIKE wildcards so a search for "a_b" means the text, not a pattern.
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("users.email", "ilike", pattern), eb("users.name", "ilike", pattern)]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    userId: r.userId,
    accountId: r.accountId,
    email: r.email,
    name: r.name,
    emailVerified: r.emailVerified,
    plan: r.plan ? planIdSchema.catch("lite").parse(r.plan) : null,
    disabled: r.disabled ?? false,
    isAdmin: isPlatformAdmin({ config: options.config }, r),
    appsCount: r.appsCount,
    createdAt: r.createdAt.toISOString(),
  }));
}
