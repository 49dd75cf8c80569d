export type LinkTarget =
  | { kind: "app"; path: string }
  | { kind: "external"; url: string }
  | { kind: "ignore" };

/**
 * What a click on `<a href>` inside the app should do. Plain in-app links ("/Tasks",
 * "Tasks?id=1", "../x") become router navigations, since inside the frame they would
 * otherwise load the platform's page at that path; links with a scheme or "//" open
 * outside (the host opens them), hash-only links and downloads keep browser behaviour.
 */
export function linkTarget(
  href: string | null,
  currentPath: string,
  options: { download?: boolean } = {},
): LinkTarget {
  if (href === null || options.download) return { kind: "ignore" };
  const raw = href.trim();
  if (raw === "" || raw.startsWith("#")) return { kind: "ignore" };
  if (/^javascript:/i.test(raw)) return { kind: "ignore" };
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("//")) {
    const url = raw.startsWith("//") ? `https:${raw}` : raw;
    return /^(https?|mailto|tel):/i.test(url) ? { kind: "external", url } : { kind: "ignore" };
  }
  const base = new URL(currentPath.startsWith("/") ? currentPath : `/${currentPath}`, "http://app.invalid");
  const resolved = new URL(raw, base);
  return { kind: "app", path: `${resolved.pathname}${resolved.search}${resolved.hash}` };
}
