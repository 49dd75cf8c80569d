/**
 * Where earlier versions of the web app kept the session token: a JavaScript-readable
 * cookie. The session now lives in the server's HttpOnly cookie; a browser that still has
 * the old one hands it over once (the session provider refreshes with it as a bearer
 * token, which sets the HttpOnly cookie) and it is deleted at once.
 */
export const LEGACY_TOKEN_COOKIE = "liftoff_token";

/** The legacy token, removed from the browser as it is read (null when there is none). */
export function takeLegacyTokenCookie(): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LEGACY_TOKEN_COOKIE) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: deleting the legacy JS-readable session cookie
    document.cookie = `${LEGACY_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const value = decodeURIComponent(rest.join("="));
    return value || null;
  }
  return null;
}
