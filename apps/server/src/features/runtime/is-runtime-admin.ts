import type { Deps } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { resolveSession } from "../../http/session-middleware.ts";
import { bearerAppToken, verifyAppToken } from "../app-tokens/app-token.ts";
import { appTokenSubjectActive } from "../app-tokens/app-token-subject-active.ts";

/**
 * Whether the caller of a runtime route may see the app's draft: an admin app token for
 * this app (the builder's preview frame), or a platform session of the owner or a
 * platform admin (the builder page itself). End-user tokens and tokens of other apps
 * never are.
 */
export async function isRuntimeAdmin(options: {
  deps: Pick<Deps, "auth" | "config" | "db">;
  headers: Headers;
  app: { id: string; ownerId: string };
}): Promise<boolean> {
  const { deps, headers, app } = options;
  const appToken = bearerAppToken(headers);
  if (appToken) {
    const verdict = await verifyAppToken(deps.config, appToken, app.id);
    if (!verdict.ok || verdict.claims.kind !== "admin") return false;
    // A disabled builder's preview token stops with their account.
    return appTokenSubjectActive(deps, verdict.claims);
  }
  const session = await resolveSession(deps, headers);
  if (!session) return false;
  return session.user.id === app.ownerId || isPlatformAdmin(deps, session.user);
}
