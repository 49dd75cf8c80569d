import type { AppUser, AppUserAuthResponse } from "@liftoff/domain";
import type { HttpClient } from "./create-http-client.ts";
import { invalidArgument } from "./invalid-argument.ts";
import { isPlainObject } from "./is-plain-object.ts";
import { SdkError } from "./sdk-error.ts";

/** The signed-in end user of the app: built-in fields plus the app's own (`full_name` repeats `name`). */
export type AuthUser = AppUser;

export type SignupInput = { email: string; password: string; name?: string };

export type Auth = {
  /** Whether a token is present (not whether it is still valid: `me()` checks that). Works with or without await. */
  isAuthenticated(): boolean;
  /** The signed-in user, or null when signed out or the token has expired. */
  me(): Promise<AuthUser | null>;
  /**
   * Changes the name (`{ full_name }` or `{ name }`) and the app's own user fields
   * (`{ theme: "dark" }`; null removes one) and returns the updated user.
   */
  updateMe(data: Record<string, unknown>): Promise<AuthUser>;
  /** Tells the server, forgets the token (onLogout), then goes to `redirectUrl` if given. */
  logout(redirectUrl?: string): Promise<void>;
  /**
   * `login(email, password)` signs in with a password and hands the new token to
   * `onToken`; `login()` without arguments goes to the login page, like `redirectToLogin`.
   */
  login(email?: string, password?: string): Promise<AuthUser | undefined>;
  /** Creates an account (when the app allows sign-up), signs in and hands the token to `onToken`. */
  signup(input: SignupInput): Promise<AuthUser>;
  /** Sends the browser to the app's login page, coming back to `nextUrl` (default: the current page). */
  redirectToLogin(nextUrl?: string): void;
};

function browserWindow(): Window | undefined {
  return typeof window === "undefined" ? undefined : window;
}

const SIGNED_OUT = () =>
  new SdkError({ status: 401, code: "UNAUTHORIZED", message: "Please log in to continue" });

/**
 * `client.auth`: the app's end users (docs/space-apps.md, "End users"), under
 * /live_api/apps/{appId}/auth/. Sessions are app tokens. The SDK never stores one itself:
 * it asks `getToken` on every call, gives a new token to `onToken` after login or
 * sign-up, and tells the owner to forget it via `onLogout`, so the app (or the runtime
 * around it) stays the single owner of the token.
 */
export function createAuth(options: {
  http: HttpClient;
  baseUrl: string;
  appId: string;
  onLogout?: (() => void) | undefined;
  onToken?: ((token: string) => void) | undefined;
  onRedirectToLogin?: ((nextUrl: string | undefined) => void) | undefined;
}): Auth {
  const { http } = options;
  const base = options.baseUrl.replace(/\/+$/, "");
  const path = (name: string) => `/live_api/apps/${encodeURIComponent(options.appId)}/auth/${name}`;

  async function me(): Promise<AuthUser | null> {
    if (!http.token()) return null;
    try {
      return await http.send<AuthUser>({ method: "GET", path: path("me") });
    } catch (error) {
      // An expired token, or one of another app, is "nobody signed in", not a failure the app must catch.
      if (error instanceof SdkError && error.status === 401) return null;
      throw error;
    }
  }

  async function signedIn(answer: AppUserAuthResponse): Promise<AuthUser> {
    options.onToken?.(answer.token);
    return answer.user;
  }

  function redirectToLogin(nextUrl?: string): void {
    if (options.onRedirectToLogin) {
      options.onRedirectToLogin(nextUrl);
      return;
    }
    const win = browserWindow();
    if (!win) return;
    const next = nextUrl ?? win.location.href;
    win.location.href = `${base}/apps/${encodeURIComponent(options.appId)}/login?nextUrl=${encodeURIComponent(next)}`;
  }

  return {
    isAuthenticated: () => Boolean(http.token()),
    me,
    async updateMe(data) {
      if (!isPlainObject(data))
        throw invalidArgument('updateMe takes an object, for example { full_name: "Ada Lovelace" }');
      if (!http.token()) throw SIGNED_OUT();
      return http.send<AuthUser>({ method: "PUT", path: path("me"), json: data });
    },
    async logout(redirectUrl) {
      try {
        if (http.token()) await http.send({ method: "POST", path: path("logout") });
      } catch {
        // Signing out still happens when the server cannot be told (offline, token
        // already expired): the user asked to leave, and a token kept on this device
        // would keep them signed in here, which is the part they can see.
      }
      options.onLogout?.();
      const win = browserWindow();
      if (redirectUrl && win) win.location.href = redirectUrl;
    },
    async login(email, password) {
      if (email === undefined && password === undefined) {
        redirectToLogin();
        return undefined;
      }
      if (typeof email !== "string" || typeof password !== "string")
        throw invalidArgument(
          'login takes an email and a password, for example login("ada@example.com", "…")',
        );
      const answer = await http.send<AppUserAuthResponse>({
        method: "POST",
        path: path("login"),
        json: { email, password },
      });
      return signedIn(answer);
    },
    async signup(input) {
      if (!isPlainObject(input) || typeof input.email !== "string" || typeof input.password !== "string")
        throw invalidArgument(
          'signup takes { email, password, name? }, for example { email: "ada@example.com", password: "…" }',
        );
      const answer = await http.send<AppUserAuthResponse>({
        method: "POST",
        path: path("signup"),
        json: { email: input.email, password: input.password, ...(input.name ? { name: input.name } : {}) },
      });
      return signedIn(answer);
    },
    redirectToLogin,
  };
}
