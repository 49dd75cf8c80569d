/**
 * End users' app tokens, kept by the host page (never by the frame) in its tab's
 * sessionStorage, one per app — not in localStorage, where every page of the origin, in
 * every tab and for weeks, could read them (published apps live on the platform origin at
 * /app/{slug}, next to the platform's own pages).
 *
 * Why this and not an HttpOnly cookie: the frame's SDK sends the token as a bearer header
 * to /live_api (which never reads cookies, so a cross-site page cannot ride a visitor's
 * app session), so the host must be able to hand it over; and app code cannot read host
 * storage at all, since the frame's origin is opaque (CSP sandbox) wherever it is opened.
 * The price: a new tab or a restarted browser asks the end user to sign in again.
 * (docs/security/generated-code.md)
 */
export function appTokenKey(appId: string): string {
  return `liftoff.appToken.${appId}`;
}

function storage(kind: "sessionStorage" | "localStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    // Access throws when storage is blocked (e.g. cookie settings).
    return null;
  }
}

export function readAppToken(appId: string): string | null {
  try {
    const key = appTokenKey(appId);
    const session = storage("sessionStorage");
    // Earlier versions kept the token in localStorage: move it here once, and delete it there.
    const legacy = storage("localStorage")?.getItem(key);
    if (legacy) {
      storage("localStorage")?.removeItem(key);
      if (!session?.getItem(key)) session?.setItem(key, legacy);
    }
    return session?.getItem(key) || null;
  } catch {
    return null;
  }
}

export function writeAppToken(appId: string, token: string): void {
  try {
    storage("sessionStorage")?.setItem(appTokenKey(appId), token);
  } catch {
    // Storage disabled or full: the sign-in still works for this page view.
  }
}

export function clearAppToken(appId: string): void {
  for (const kind of ["sessionStorage", "localStorage"] as const) {
    try {
      storage(kind)?.removeItem(appTokenKey(appId));
    } catch {
      // Nothing stored, nothing to clear.
    }
  }
}
