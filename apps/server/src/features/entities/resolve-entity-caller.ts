import { AppError, type EntityCaller } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { databaseTtlCache } from "../../http/database-ttl-cache.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { type AppTokenClaims, bearerAppToken, verifyAppToken } from "../app-tokens/app-token.ts";
import { appTokenSubjectActive } from "../app-tokens/app-token-subject-active.ts";
import { cached } from "./entity-cache.ts";

export const OTHER_APP_TOKEN_MESSAGE = "This session belongs to another app";
// Tokens (→ their end user) seen lately to be current: tokens are signed, so only whether
// the user still exists at the token's generation needs the database. A deleted user is
// refused within the TTL; a logout or reset on this instance forgets the user's entries at
// once (forgetAppUserTokens), other instances within the TTL.
const seenAppUsers = databaseTtlCache<string>({ ttlMs: 30_000, maxEntries: 10_000 });

/** After a logout or password reset: this process stops honouring the user's cached tokens. */
export function forgetAppUserTokens(db: object, appUserId: string): void {
  seenAppUsers.deleteWhere(db, (userId) => userId === appUserId);
}

/**
 * Who calls the runtime entity API of an app. An app token (`Authorization: Bearer lat_…`)
 * is an end user of this app (`user`) or a builder previewing as its admin (`admin`); a
 * token of another app, a bad or expired one, or a deleted end user is refused. Otherwise
 * the platform session: the app's owner and platform admins are the app's admins, any
 * other signed-in user is a plain user, and no session is anonymous.
 */
export async function resolveEntityCaller(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  session: SessionInfo | null;
  headers?: Headers | undefined;
}): Promise<EntityCaller> {
  const { deps, appId, session } = options;
  // Who owns the app changes never, and an app's deletion reaches the cache through
  // announceAppChange: this runs on every entity request, so it is cached (entity-cache.ts).
  const app = await cached(appId, "app", "owner", () =>
    deps.db
      .selectFrom("apps")
      .innerJoin("accounts", "accounts.id", "apps.accountId")
      .select(["apps.id", "accounts.userId as ownerId"])
      .where("apps.id", "=", appId)
      .executeTakeFirst(),
  );
  if (!app) throw new AppError("NOT_FOUND", "App not found");
  const token = options.headers ? bearerAppToken(options.headers) : null;
  if (token) {
    const claims = verifyAppToken(deps.config.authSecret, token);
    if (!claims) throw new AppError("UNAUTHORIZED", "Please log in to continue");
    if (claims.appId !== appId) throw new AppError("UNAUTHORIZED", OTHER_APP_TOKEN_MESSAGE);
    if (claims.kind === "admin") {
      // The builder's preview: refused once the builder is disabled (or gone).
      if (!(await appTokenSubjectActive(deps, claims)))
        throw new AppError("UNAUTHORIZED", "Please log in to continue");
      return { kind: "user", userId: claims.subjectId, isAppAdmin: true };
    }
    await assertAppUserCurrent(deps, claims, token);
    return { kind: "user", userId: claims.subjectId, isAppAdmin: false };
  }
  if (!session) return { kind: "anonymous" };
  const isAppAdmin = app.ownerId === session.user.id || isPlatformAdmin(deps, session.user);
  return { kind: "user", userId: session.user.id, isAppAdmin };
}

async function assertAppUserCurrent(
  deps: Pick<Deps, "db">,
  claims: AppTokenClaims,
  token: string,
): Promise<void> {
  if (seenAppUsers.get(deps.db, token)) return;
  if (!(await appTokenSubjectActive(deps, claims))) {
    seenAppUsers.delete(deps.db, token);
    throw new AppError("UNAUTHORIZED", "Please log in to continue");
  }
  seenAppUsers.set(deps.db, token, claims.subjectId);
}

/** The builder's own Database panel: only the owner (or a platform admin) gets in. */
export async function resolveBuilderCaller(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  session: SessionInfo | null;
  headers?: Headers | undefined;
}): Promise<Extract<EntityCaller, { kind: "builder" }>> {
  // The builder grid is a platform screen: app tokens never open it.
  const caller = await resolveEntityCaller({ ...options, headers: undefined });
  if (caller.kind !== "user") throw new AppError("UNAUTHORIZED", "Please log in to continue");
  if (!caller.isAppAdmin) throw new AppError("NOT_FOUND", "App not found");
  return { kind: "builder", userId: caller.userId };
}
