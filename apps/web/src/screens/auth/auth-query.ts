import { isSafeRedirect } from "@liftoff/domain";

/** Query keys that name an explicit post-login target (spec "Post-login redirect" rules 1 and 4). */
const TARGET_KEYS = ["claimApp", "duplicateTemplate", "redirectTo", "requestedAppId"] as const;

export const ONBOARDING_PATH = "/onboarding";

/** The login page's query without its own UI state, ready for postLoginRedirect. */
export function redirectQuery(search: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete("mode");
  return params;
}

export function hasExplicitTarget(params: URLSearchParams): boolean {
  return TARGET_KEYS.some((key) => params.getAll(key).some((value) => value !== ""));
}

/** A brand-new user with nowhere particular to go is shown onboarding first. */
export function withOnboarding(params: URLSearchParams): URLSearchParams {
  if (hasExplicitTarget(params)) return params;
  const next = new URLSearchParams(params);
  next.set("redirectTo", ONBOARDING_PATH);
  return next;
}

/** `continueUrl` when it is a same-site path, else `fallback`. */
export function safeContinueUrl(value: string | null | undefined, fallback: string): string {
  return value && isSafeRedirect(value) ? value : fallback;
}

/** The three views of /login, chosen by ?mode= (sign in is the default). */
export type LoginMode = "signin" | "signup" | "reset";

export function loginMode(params: URLSearchParams): LoginMode {
  const mode = params.get("mode");
  return mode === "signup" ? "signup" : mode === "reset" ? "reset" : "signin";
}

const LOGIN_TITLES: Record<LoginMode, string> = {
  signin: "Sign in",
  signup: "Create account",
  reset: "Reset password",
};

/** The tab title of /login: each view is a page of its own to a screen reader user. */
export function loginTitle(params: URLSearchParams): string {
  return LOGIN_TITLES[loginMode(params)];
}
