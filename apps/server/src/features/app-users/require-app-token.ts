import { AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { type AppTokenClaims, bearerAppToken, verifyAppToken } from "../app-tokens/app-token.ts";
import { appTokenSubjectActive } from "../app-tokens/app-token-subject-active.ts";
import { touchAppUserSeen } from "./touch-app-user-seen.ts";

/**
 * The app token of a request, checked for this app. A token of another app is refused
 * like no token at all: tokens are scoped to one app, whatever their subject. So is a
 * revoked one (logged out, password reset, deleted user, disabled builder).
 */
export async function requireAppToken(
  deps: Pick<Deps, "config" | "db">,
  appId: string,
  headers: Headers,
): Promise<AppTokenClaims> {
  const claims = await optionalAppToken(deps, appId, headers);
  if (!claims) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return claims;
}

export async function optionalAppToken(
  deps: Pick<Deps, "config" | "db">,
  appId: string,
  headers: Headers,
): Promise<AppTokenClaims | null> {
  const token = bearerAppToken(headers);
  if (!token) return null;
  const verdict = await verifyAppToken(deps.config, token, appId);
  if (!verdict.ok) return null;
  if (!(await appTokenSubjectActive(deps, verdict.claims))) return null;
  // A builder viewing as the user is not the user being seen.
  if (verdict.claims.kind === "user" && verdict.claims.actorId === undefined)
    await touchAppUserSeen(deps.db, verdict.claims.subjectId);
  return verdict.claims;
}
