import { useEffect } from "react";
import { useMatches } from "react-router";

/** What a route puts in the tab title: `handle: { title: "Apps" }` on its route object. */
export type RouteTitleHandle = { title?: string };

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
  const title = [...matches].reverse().find((m) => (m.handle as RouteTitleHandle | undefined)?.title)
    ?.handle as RouteTitleHandle | undefined;
  const text = pageTitle(title?.title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
