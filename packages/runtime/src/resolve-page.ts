import type { ComponentType } from "react";

/** What a compiled app module exports (packages/compiler's artifact). */
export type AppModule = {
  pages: Record<string, ComponentType>;
  Layout?: ComponentType<{ children?: unknown; currentPageName: string }> | null;
  mainPage?: string | null;
};

export type ResolvedPage = { name: string; Page: ComponentType | null };

/**
 * The page a path shows: its first segment names the page, case-insensitively
 * ("/tasks/3" → Tasks); "/" or an unknown name falls back to the main page (or the first
 * page when the main page is missing), as docs/space-apps.md says.
 */
export function resolvePage(app: Pick<AppModule, "pages" | "mainPage">, path: string): ResolvedPage {
  const names = Object.keys(app.pages ?? {});
  const segment = firstSegment(path).toLowerCase();
  const match = segment ? names.find((name) => name.toLowerCase() === segment) : undefined;
  const fallback =
    (app.mainPage && names.find((name) => name.toLowerCase() === app.mainPage?.toLowerCase())) ?? names[0];
  const name = match ?? fallback;
  if (!name) return { name: app.mainPage ?? "", Page: null };
  return { name, Page: app.pages[name] ?? null };
}

/** "/Tasks/3?x=1#y" → "Tasks" (decoded; "" for the root). */
export function firstSegment(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  const segment = pathname.split("/").find((part) => part !== "") ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
