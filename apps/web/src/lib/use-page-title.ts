import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

/**
 * What a route puts in the tab title: `handle: { title: "Apps" }` on its route object, or a
 * function of the query for a route that shows different pages by it (/login?mode=signup).
 */
export type RouteTitle = string | ((params: URLSearchParams) => string);
export type RouteTitleHandle = { title?: RouteTitle };

/** The title text of a route's handle for this query (undefined when it has none). */
export function routeTitle(handle: unknown, search: string): string | undefined {
  const title = (handle as RouteTitleHandle | undefined)?.title;
  return typeof title === "function" ? title(new URLSearchParams(search)) : title;
}

export const PRODUCT_NAME = "Liftoff";

/** "Apps · Liftoff"; the product name alone where a route has no title. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Keeps document.title on the deepest matched route's title, so each route has its own
 * (WCAG 2.4.2: screen reader users hear it first, and tabs and history tell pages apart).
 * Called once, at the root route; titles live beside the routes in router.tsx.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const { search } = useLocation();
  const deepest = [...matches].reverse().find((m) => (m.handle as RouteTitleHandle | undefined)?.title);
  const text = pageTitle(routeTitle(deepest?.handle, search));
  useEffect(() => {
    document.title = text;
  }, [text]);
}
