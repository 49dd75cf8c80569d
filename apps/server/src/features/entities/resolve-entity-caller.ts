import { AppError, type EntityCaller } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isAdminEmail } from "../../http/require-session.ts";

/**
 * Who calls the runtime entity API of an app. The app's owner and platform admins are
 * the app's admins; any other signed-in user is a plain user; no session is anonymous.
 * (End-user accounts of an app, with the space-app runtime, resolve to the same shapes.)
 */
export async function resolveEntityCaller(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  session: SessionInfo | null;
}): Promise<EntityCaller> {
  const { deps, appId, session } = options;
  const app = await deps.db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select(["apps.id", "accounts.userId as ownerId"])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  if (!app) throw new AppError("NOT_FOUND", "App not found");
  if (!session) return { kind: "anonymous" };
  const isAppAdmin = app.ownerId === session.user.id || isAdminEmail(deps, session.user.email);
  return { kind: "user", userId: session.user.id, isAppAdmin };
}

/** The builder's own Database panel: only the owner (or a platform admin) gets in. */
export async function resolveBuilderCaller(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  session: SessionInfo | null;
}): Promise<EntityCaller> {
  const caller = await resolveEntityCaller(options);
  if (caller.kind !== "user") throw new AppError("UNAUTHORIZED", "Please log in to continue");
  if (!caller.isAppAdmin) throw new AppError("NOT_FOUND", "App not found");
  return { kind: "builder", userId: caller.userId };
}
