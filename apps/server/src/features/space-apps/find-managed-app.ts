import type { Database } from "@liftoff/db";
import { AppError, type PlanId, planIdSchema } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";

export type ManagedApp = {
  app: Selectable<Database["apps"]>;
  /** The owner's plan (null = lite), for plan-gated settings. */
  ownerPlan: PlanId | null;
  ownerId: string;
  /** The caller is a platform admin (may manage any app and set admin-only flags). */
  isPlatformAdmin: boolean;
};

/**
 * Loads an app the caller may manage: its owner, or a platform admin. Anyone else gets
 * 404 (not 403), as for findOwnedApp, so other people's app ids cannot be probed.
 */
export async function findManagedApp(
  deps: { db: Kysely<Database>; config: Deps["config"] },
  session: SessionInfo,
  appId: string,
  options: { spaceOnly?: boolean } = {},
): Promise<ManagedApp> {
  const row = await deps.db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .selectAll("apps")
    .select(["accounts.userId as ownerId", "accounts.plan as ownerPlan"])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  const platformAdmin = isPlatformAdmin(deps, session.user);
  if (!row || (row.ownerId !== session.user.id && !platformAdmin))
    throw new AppError("NOT_FOUND", "App not found");
  if (options.spaceOnly && row.kind !== "space")
    throw new AppError("BAD_REQUEST", "Only space apps have code files");
  const { ownerId, ownerPlan, ...app } = row;
  return {
    app,
    ownerId,
    ownerPlan: ownerPlan === null ? null : planIdSchema.catch("lite").parse(ownerPlan),
    isPlatformAdmin: platformAdmin,
  };
}

export const CODE_EDIT_FORBIDDEN_MESSAGE = "Only platform admins can edit code";

/**
 * Editing code through the code editor's routes (files/update, files/delete) is for
 * platform admins only (spec section 6); the app's other managers read it. Internal writers
 * (template duplication) call the version functions directly and are not affected.
 */
export function assertCanEditCode(managed: ManagedApp): void {
  if (!managed.isPlatformAdmin) throw new AppError("FORBIDDEN", CODE_EDIT_FORBIDDEN_MESSAGE);
}
