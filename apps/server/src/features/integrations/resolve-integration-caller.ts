import { AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { isPlatformAdmin } from "../../http/is-platform-admin.ts";
import { resolveSession } from "../../http/session-middleware.ts";
import { bearerAppToken } from "../app-tokens/app-token.ts";
import { type EndUserApp, loadEndUserApp } from "../app-users/load-end-user-app.ts";
import { optionalAppToken } from "../app-users/require-app-token.ts";

export type IntegrationCaller = {
  app: EndUserApp;
  /** Who calls: an end user, the owner previewing (admin app token), the owner's platform session, or an anonymous visitor uploading a run's photo (subjectId: the hashed address). */
  kind: "user" | "admin" | "owner" | "visitor";
  subjectId: string;
};

/**
 * Integrations cost money and send mail, so every call needs a caller: an app token of
 * this app, or the platform session of the app's owner (a platform admin counts) — the
 * bearer of an API client, or the web app's session cookie (the builder's chat uploads).
 * These routes answer any origin (CORS without credentials), so the cookie counts only
 * because `crossSiteGuard` has already refused every cookie-carrying write that did not
 * come from the platform's own pages: another site cannot spend the owner's quota.
 */
export async function resolveIntegrationCaller(
  deps: Pick<Deps, "db" | "config" | "auth">,
  appId: string,
  headers: Headers,
): Promise<IntegrationCaller> {
  const app = await loadEndUserApp(deps.db, appId);
  const claims = await optionalAppToken(deps, appId, headers);
  if (claims) return { app, kind: claims.kind, subjectId: claims.subjectId };
  const authorization = headers.get("authorization");
  const cookie = headers.get("cookie");
  if ((authorization || cookie) && !bearerAppToken(headers)) {
    const session = await resolveSession(
      deps,
      new Headers(authorization ? { authorization } : { cookie: cookie ?? "" }),
    );
    if (session && (session.user.id === app.ownerId || isPlatformAdmin(deps, session.user)))
      return { app, kind: "owner", subjectId: session.user.id };
  }
  throw new AppError("UNAUTHORIZED", "Please log in to continue");
}
