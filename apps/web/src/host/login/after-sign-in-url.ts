import { isSafeRedirect } from "@liftoff/domain";

/**
 * Where the login page goes after a sign-in: `nextUrl` when it is a same-origin relative
 * path (never another site, nor a `javascript:` URL smuggled into the link), otherwise the
 * app's home: `/app/{slug}` on the platform, `/` on a custom host.
 */
export function afterSignInUrl(
  nextUrl: string | null,
  home: { slug: string | null; customHost: boolean },
): string {
  if (nextUrl && isSafeRedirect(nextUrl)) return nextUrl;
  if (!home.customHost && home.slug) return `/app/${encodeURIComponent(home.slug)}`;
  return "/";
}
