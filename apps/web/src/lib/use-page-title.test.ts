import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "../router.tsx";
import { pageTitle, routeTitle } from "./use-page-title.ts";

/** Routes that show different pages by their query, with the queries that pick each one. */
const QUERY_VIEWS: Record<string, string[]> = {
  "/login": ["", "?mode=signup", "?mode=reset"],
  "/build/app/:appId/*": [
    "",
    "?panel=details",
    "?panel=database",
    "?panel=users",
    "?panel=settings",
    "?panel=codeEditor",
  ],
};

/** Every page of the router: its path (with the query of a view) and the title it gets. */
function pagesOf(
  list: RouteObject[],
  inherited: unknown = undefined,
  parentPath = "",
): { page: string; title?: string }[] {
  return list.flatMap((route) => {
    // usePageTitle takes the deepest route with a title, so a layout's title reaches its pages.
    const handle = routeTitle(route.handle, "") === undefined ? inherited : route.handle;
    // A child's path is relative to its parent's (the settings tabs).
    const path = route.path?.startsWith("/")
      ? route.path
      : route.path
        ? `${parentPath}/${route.path}`
        : undefined;
    const own = path
      ? (QUERY_VIEWS[path] ?? [""]).map((query) => ({
          page: `${path}${query}`,
          title: routeTitle(handle, query),
        }))
      : [];
    return [...own, ...pagesOf(route.children ?? [], handle, path ?? parentPath)];
  });
}

describe("page titles (WCAG 2.4.2)", () => {
  const pages = pagesOf(routes);

  it("gives every page of the router a title", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((p) => !p.title).map((p) => p.page)).toEqual([]);
  });

  it("gives no two pages the same title", () => {
    const byTitle = new Map<string, string[]>();
    for (const { page, title } of pages)
      byTitle.set(title ?? "", [...(byTitle.get(title ?? "") ?? []), page]);
    expect([...byTitle.values()].filter((group) => group.length > 1)).toEqual([]);
  });

  it("tells sign in, sign up and the password reset apart", () => {
    const login = Object.fromEntries(
      pages.filter((p) => p.page.startsWith("/login")).map((p) => [p.page, p.title]),
    );
    expect(login).toEqual({
      "/login": "Sign in",
      "/login?mode=signup": "Create account",
      "/login?mode=reset": "Reset password",
    });
    expect(pageTitle(login["/login?mode=signup"])).toBe("Create account · Liftoff");
  });

  it("gives each settings tab and each builder panel a title of its own", () => {
    const titled = (prefix: string) =>
      Object.fromEntries(pages.filter((p) => p.page.startsWith(prefix)).map((p) => [p.page, p.title]));
    expect(titled("/settings")).toEqual({
      "/settings": "Settings",
      "/settings/profile": "Profile settings",
      "/settings/email": "Email settings",
      "/settings/password": "Password settings",
      "/settings/plan": "Plan & usage",
    });
    expect(titled("/build/app/")).toEqual({
      "/build/app/:appId/*": "Builder",
      "/build/app/:appId/*?panel=details": "App details · Builder",
      "/build/app/:appId/*?panel=database": "Database · Builder",
      "/build/app/:appId/*?panel=users": "App users · Builder",
      "/build/app/:appId/*?panel=settings": "App settings · Builder",
      "/build/app/:appId/*?panel=codeEditor": "Code editor · Builder",
    });
  });
});
