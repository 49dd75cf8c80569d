/**
 * End users' app tokens, kept by the host (never by the frame) in the platform origin's
 * localStorage, one per app. App code cannot read them: the frame has an opaque origin and
 * receives only its own app's token through `init`.
 */
export function appTokenKey(appId: string): string {
  return `liftoff.appToken.${appId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readAppToken(appId: string): string | null {
  try {
    return storage()?.getItem(appTokenKey(appId)) || null;
  } catch {
    return null;
  }
}

export function writeAppToken(appId: string, token: string): void {
  try {
    storage()?.setItem(appTokenKey(appId), token);
  } catch {
    // Storage disabled or full: the sign-in still works for this page view.
  }
}

export function clearAppToken(appId: string): void {
  try {
    storage()?.removeItem(appTokenKey(appId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
