/**
 * Where earlier versions of the web app kept the session token: a JavaScript-readable
 * cookie. The session now lives in the server's HttpOnly cookie. The old cookie is deleted
 * unread: taking it over as a bearer would let a cookie planted by a sibling host sign the
 * visitor into someone else's account, so a browser that had one signs in once more.
 */
export const LEGACY_TOKEN_COOKIE = "liftoff_token";

/** Deletes the legacy session cookie if the browser still has it. */
export function dropLegacyTokenCookie(): void {
  if (typeof document === "undefined") return;
  if (!document.cookie.split(";").some((part) => part.trim().startsWith(`${LEGACY_TOKEN_COOKIE}=`))) return;
  // biome-ignore lint/suspicious/noDocumentCookie: deleting the legacy JS-readable session cookie
  document.cookie = `${LEGACY_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
