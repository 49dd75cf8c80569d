import type { Mail } from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { platformAdminExists } from "./platform-admin-exists.ts";

export const MAILBOX_PAGE = 100;

/**
 * The dev mailbox as the caller may see it. Platform admins see every held mail; any other
 * signed-in user sees only mail addressed to their own address — enough to verify it and to
 * follow an app's mails to them, and how the first account of a fresh install (the admin to
 * be) verifies itself. One exception: an address on ADMIN_EMAILS gets its own mail only
 * while no platform admin exists yet (first run). Held mail proves nothing about who owns
 * an address, so otherwise anyone signing up with a listed address before its owner could
 * "verify" it here and become admin.
 */
export async function listMailbox(options: {
  deps: Pick<Deps, "db" | "config">;
  session: SessionInfo;
}): Promise<{ mails: Mail[]; scope: "all" | "own" }> {
  const { deps, session } = options;
  const admin = isPlatformAdmin(deps, session.user);
  const email = session.user.email.toLowerCase();
  if (!admin && deps.config.adminEmails.includes(email) && (await platformAdminExists(deps))) {
    return { mails: [], scope: "own" };
  }
  let query = deps.db.selectFrom("mails").selectAll().orderBy("createdAt", "desc").limit(MAILBOX_PAGE);
  if (!admin) query = query.where(sql<string>`lower("to")`, "=", email);
  const rows = await query.execute();
  return {
    mails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    scope: admin ? "all" : "own",
  };
}
