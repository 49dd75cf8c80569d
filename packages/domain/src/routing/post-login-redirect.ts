import type { Account } from "../contracts/account.ts";
import { isSafeRedirect } from "./is-safe-redirect.ts";

/**
 * Where a user lands after signing in (spec section 2 "Post-login redirect", rules 1-5;
 * rule 6, the 403 on a runtime app, happens elsewhere and is not a login decision).
 *
 * Precedence, first match wins:
 * 5. Unverified e-mail -> /auth/verifyEmail with the whole query kept. Nothing else may
 *    happen before the address is verified, and keeping the query means the verify page
 *    can run this function again afterwards and reach the same target.
 * 1. claimApp -> /apps?claimApp={id}; else duplicateTemplate -> /templates?duplicateTemplate={id};
 *    else redirectTo, followed only when `isSafeRedirect` accepts it (same-site path with a
 *    single leading '/'). An unsafe redirectTo is ignored, not an error: the user still
 *    lands somewhere useful. claimApp comes first because claiming is the action a
 *    customer's invite link was sent for; a template duplication is next; a plain
 *    redirect is the least specific.
 * 4. requestedAppId matching one of the account's app packages -> /app/{sharedAppId}: the
 *    user asked for one app by name, which beats the generic package list of rule 3.
 * 3. A builder account with no apps and a paid app package -> /apps/packages, to pick
 *    what they paid for rather than face an empty dashboard.
 * 2. Otherwise /apps.
 *
 * Empty query values count as absent, so `?claimApp=` does not send anyone to
 * `/apps?claimApp=`. Ids are URL-encoded into the paths they are placed in.
 */
export const POST_LOGIN_DEFAULT_PATH = "/apps";
export const APP_PACKAGES_PATH = "/apps/packages";
export const VERIFY_EMAIL_PATH = "/auth/verifyEmail";

/** A URLSearchParams, or a plain record as routers hand out (undefined meaning absent). */
export type RedirectQuery = URLSearchParams | Readonly<Record<string, string | undefined>>;

export type PostLoginRedirectInput = {
  query: RedirectQuery;
  user: { emailVerified: boolean };
  /** Null while the account is still being created: rules 3 and 4 then cannot apply. */
  account: Pick<Account, "accountType" | "appsCount" | "hasPaidAppPackage" | "appPackages"> | null;
};

function toSearchParams(query: RedirectQuery): URLSearchParams {
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, value);
  }
  return params;
}

/** The first non-empty value of `key`, or null. */
function read(params: URLSearchParams, key: string): string | null {
  const value = params.getAll(key).find((candidate) => candidate !== "");
  return value ?? null;
}

export function postLoginRedirect(input: PostLoginRedirectInput): string {
  const params = toSearchParams(input.query);

  // Rule 5: verification first, carrying everything the user came with.
  if (!input.user.emailVerified) {
    const search = params.toString();
    return search ? `${VERIFY_EMAIL_PATH}?${search}` : VERIFY_EMAIL_PATH;
  }

  // Rule 1: an explicit target.
  const claimApp = read(params, "claimApp");
  if (claimApp !== null) return `/apps?claimApp=${encodeURIComponent(claimApp)}`;
  const duplicateTemplate = read(params, "duplicateTemplate");
  if (duplicateTemplate !== null) {
    return `/templates?duplicateTemplate=${encodeURIComponent(duplicateTemplate)}`;
  }
  const redirectTo = read(params, "redirectTo");
  if (redirectTo !== null && isSafeRedirect(redirectTo)) return redirectTo;

  const account = input.account;
  if (account) {
    // Rule 4: a specific app from one of the account's packages.
    const requestedAppId = read(params, "requestedAppId");
    const requested =
      requestedAppId === null
        ? undefined
        : account.appPackages.find((appPackage) => appPackage.appId === requestedAppId);
    if (requested) return `/app/${encodeURIComponent(requested.sharedAppId)}`;

    // Rule 3: a new builder who bought a package picks from it.
    if (account.accountType === "builder" && account.appsCount === 0 && account.hasPaidAppPackage) {
      return APP_PACKAGES_PATH;
    }
  }

  // Rule 2.
  return POST_LOGIN_DEFAULT_PATH;
}
