import { AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { type AppTokenClaims, bearerAppToken, verifyAppToken } from "../app-tokens/app-token.ts";

/**
 * The app token of a request, checked for this app. A token of another app is refused
 * like no token at all: tokens are scoped to one app, whatever their subject.
 */
export function requireAppToken(deps: Pick<Deps, "config">, appId: string, headers: Headers): AppTokenClaims {
  const claims = optionalAppToken(deps, appId, headers);
  if (!claims) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return claims;
}

export function optionalAppToken(
  deps: Pick<Deps, "config">,
  appId: string,
  headers: Headers,
): AppTokenClaims | null {
  const token = bearerAppToken(headers);
  const claims = token ? verifyAppToken(deps.config.authSecret, token) : null;
  return claims && claims.appId === appId ? claims : null;
}
