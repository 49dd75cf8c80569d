/**
 * Mail links go through the web app's /auth/handler page (spec section 2), which calls our
 * API and then continues to continueUrl. The library hands us its own URL; we keep only
 * the callback it carries as continueUrl.
 */
export function handlerLink(
  publicUrl: string,
  mode: "verifyEmail" | "resetPassword",
  token: string,
  libraryUrl: string,
): string {
  const link = new URL("/auth/handler", publicUrl);
  link.searchParams.set("mode", mode);
  link.searchParams.set("oobCode", token);
  const parsed = new URL(libraryUrl, publicUrl);
  const continueUrl = parsed.searchParams.get("callbackURL") ?? parsed.searchParams.get("redirectTo");
  if (continueUrl && continueUrl !== "/") link.searchParams.set("continueUrl", continueUrl);
  return link.toString();
}
