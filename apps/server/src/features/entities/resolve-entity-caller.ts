import { AppError, type EntityCaller } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { databaseTtlCache } from "../../http/database-ttl-cache.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { type AppTokenClaims, bearerAppToken, verifyAppToken } from "../app-tokens/app-token.ts";
import { appTokenSubjectActive } from "../app-tokens/app-token-subject-active.ts";
import { touchAppUserSeen } from "../app-users/touch-app-user-seen.ts";
import { cached } from "./entity-cache.ts";

export const OTHER_APP_TOKEN_MESSAGE = "This session belongs to another app";
// End-user tokens seen lately to be valid and current, by the exact token string. The
// verdict on a string cannot change before its expiry (key, issuer and app are fixed), so
// a hit skips both the signature check (about 0.1 ms of CPU) and the database; only whether
// the user still exists at the token's generation can change. A deleted user is refused
// within the TTL; a logout or reset on this instance forgets the user's entries at once
// (forgetAppUserTokens), other instances within the TTL.
const seenAppTokens = databaseTtlCache<AppTokenClaims>({ ttlMs: 30_000, maxEntries: 10_000 });

/** After a logout or password reset: this process stops honouring the user's cached tokens. */
export function forgetAppUserTokens(db: object, appUserId: string): void {
  seenAppTokens.deleteWhere(db, (claims) => claims.subjectId === appUserId);
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
    const claims = await currentAppToken(deps, appId, token);
    // An admin token is the builder previewing the app as its admin.
    return { kind: "user", userId: claims.subjectId, isAppAdmin: claims.kind === "admin" };
  }
  if (!session) return { kind: "anonymous" };
  const isAppAdmin = app.ownerId === session.user.id || isPlatformAdmin(deps, session.user);
  return { kind: "user", userId: session.user.id, isAppAdmin };
}

/** The claims of a valid token of this app whose subject may still use it; else 401. */
async function currentAppToken(
  deps: Pick<Deps, "db" | "config">,
  appId: string,
  token: string,
): Promise<AppTokenClaims> {
  const seen = seenAppTokens.get(deps.db, token)?.value;
  if (seen && seen.appId === appId && seen.expiresAt * 1000 > Date.now()) return seen;
  const verdict = await verifyAppToken(deps.config, token, appId);
  if (!verdict.ok)
    throw new AppError(
      "UNAUTHORIZED",
      verdict.reason === "other-app" ? OTHER_APP_TOKEN_MESSAGE : "Please log in to continue",
    );
  // Revoked (logged out, password reset, deleted user) or, for the builder's preview, a
  // disabled or deleted builder.
  if (!(await appTokenSubjectActive(deps, verdict.claims))) {
    seenAppTokens.delete(deps.db, token);
    throw new AppError("UNAUTHORIZED", "Please log in to continue");
  }
  // Only end users' own tokens are remembered: disabling a builder must end a preview at once.
  // A builder's "View as" token is not remembered either (losing the app ends it at once),
  // and it is not the end user being seen.
  if (verdict.claims.kind === "user" && verdict.claims.actorId === undefined) {
    seenAppTokens.set(deps.db, token, verdict.claims);
    // Once per cache miss (30 s per token) and at most one write per few minutes per user.
    await touchAppUserSeen(deps.db, verdict.claims.subjectId);
  }
  return verdict.claims;
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
