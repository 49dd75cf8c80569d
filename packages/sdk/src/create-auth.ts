import type { SessionResponse, SessionUser } from "@liftoff/domain";
import type { HttpClient } from "./create-http-client.ts";
import { invalidArgument } from "./invalid-argument.ts";
import { isPlainObject } from "./is-plain-object.ts";
import { SdkError } from "./sdk-error.ts";

/** The signed-in user; `full_name` repeats `name` under the name exported apps read. */
export type AuthUser = SessionUser & { full_name: string };

export type Auth = {
  /** Whether a token is present (not whether it is still valid: `me()` checks that). Works with or without await. */
  isAuthenticated(): boolean;
  /** The signed-in user, or null when signed out or the session has ended. */
  me(): Promise<AuthUser | null>;
  /** Changes the signed-in user's name (`{ full_name }` or `{ name }`) and returns the updated user. */
  updateMe(data: { full_name?: string; name?: string }): Promise<AuthUser>;
  /** Ends the session on the server, forgets the token, then goes to `redirectUrl` if given. */
  logout(redirectUrl?: string): Promise<void>;
  /** Sends the browser to the app's login page, coming back to `nextUrl` (default: the current page). */
  redirectToLogin(nextUrl?: string): void;
};

function browserWindow(): Window | undefined {
  return typeof window === "undefined" ? undefined : window;
}

/**
 * `client.auth`. Sessions are the platform's bearer tokens: the SDK never stores one
 * itself, it asks `getToken` on every call and tells the app to forget it via
 * `onLogout`, so the app (or the runtime around it) stays the single owner of the token.
 */
export function createAuth(options: {
  http: HttpClient;
  baseUrl: string;
  appId: string;
  onLogout?: (() => void) | undefined;
}): Auth {
  const { http } = options;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function me(): Promise<AuthUser | null> {
    if (!http.token()) return null;
    try {
      const session = await http.send<SessionResponse>({ method: "POST", path: "/api/session/refresh" });
      return { ...session.user, full_name: session.user.name };
    } catch (error) {
      // An expired or revoked session is "nobody signed in", not a failure the app must catch.
      if (error instanceof SdkError && error.status === 401) return null;
      throw error;
    }
  }

  return {
    isAuthenticated: () => Boolean(http.token()),
    me,
    async updateMe(data) {
      if (!isPlainObject(data))
        throw invalidArgument('updateMe takes an object, for example { full_name: "Ada Lovelace" }');
      const { full_name: fullName, name, ...rest } = data;
      const others = Object.keys(rest);
      // Refused rather than dropped: an app that saves a preference through updateMe must
      // learn that it was not saved, not find it missing later.
      if (others.length > 0)
        throw invalidArgument(
          `updateMe can only change full_name for now; not saved: ${others.join(", ")}. Keep other user data in an entity.`,
        );
      const newName = fullName ?? name;
      if (typeof newName !== "string" || newName.trim() === "")
        throw invalidArgument(
          'updateMe needs a non-empty full_name, for example { full_name: "Ada Lovelace" }',
        );
      if (!http.token())
        throw new SdkError({ status: 401, code: "UNAUTHORIZED", message: "Please log in to continue" });
      await http.send({ method: "POST", path: "/api/account/updateProfile", json: { name: newName } });
      const user = await me();
      if (!user)
        throw new SdkError({ status: 401, code: "UNAUTHORIZED", message: "Please log in to continue" });
      return user;
    },
    async logout(redirectUrl) {
      try {
        if (http.token()) await http.send({ method: "POST", path: "/api/session/logout" });
      } catch {
        // Signing out still happens when the server cannot be told (offline, session
        // already expired): the user asked to leave, and a token kept on this device
        // would keep them signed in here, which is the part they can see.
      }
      options.onLogout?.();
      const win = browserWindow();
      if (redirectUrl && win) win.location.href = redirectUrl;
    },
    redirectToLogin(nextUrl) {
      const win = browserWindow();
      if (!win) return;
      const next = nextUrl ?? win.location.href;
      win.location.href = `${base}/apps/${encodeURIComponent(options.appId)}/login?nextUrl=${encodeURIComponent(next)}`;
    },
  };
}
