/**
 * The page a path inside the app shows: its first segment matched case-insensitively
 * against the pages, else the main page (docs/space-apps.md: unknown routes fall back).
 */
export function pageOfPath(path: string, pages: readonly string[], mainPage: string | null): string | null {
  const segment = decodeURIComponent(path.replace(/^\/+/, "").split(/[/?#]/)[0] ?? "").toLowerCase();
  const match = segment ? pages.find((page) => page.toLowerCase() === segment) : undefined;
  if (match) return match;
  if (mainPage && pages.includes(mainPage)) return mainPage;
  return pages[0] ?? null;
}
