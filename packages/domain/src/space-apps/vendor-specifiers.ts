/**
 * The packages a space app may import by bare name. Each is prebuilt once into an ES
 * module (packages/runtime's vendor build) and reached through the frame's import map;
 * anything else is an unresolved import. `@liftoff/runtime` is the runtime itself, which
 * the compiler's virtual modules (`@/api/entities`, `@/lib/utils`, …) import from.
 */
export const VENDOR_SPECIFIERS = [
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-dom/client",
  "react-router-dom",
  "@tanstack/react-query",
  "lucide-react",
  "recharts",
  "date-fns",
  "framer-motion",
  "sonner",
  "clsx",
  "tailwind-merge",
  "class-variance-authority",
  "lodash",
  "@hello-pangea/dnd",
  "react-markdown",
  "react-hook-form",
  "zod",
  "@liftoff/runtime",
] as const;

/**
 * What a space app gets from "react-router-dom": the declarative, client-side API. Apps
 * run inside the runtime's MemoryRouter, where data routers (createBrowserRouter,
 * RouterProvider, loaders, fetchers) and another Router (BrowserRouter, HashRouter) cannot
 * work, and the server parts (cookies, sessions, request handlers) have no use. The vendor
 * entry exports only these names, which lets the build drop the rest of React Router:
 * 56 → 14 KB brotli in every published app's first visit. A name outside the list is a
 * missing export the validators report (`manifest.exports`), not a broken page.
 */
export const ROUTER_EXPORTS = [
  "Link",
  "NavLink",
  "Navigate",
  "Outlet",
  "Route",
  "Routes",
  "MemoryRouter",
  "Router",
  "NavigationType",
  "createPath",
  "createRoutesFromChildren",
  "createRoutesFromElements",
  "createSearchParams",
  "generatePath",
  "isRouteErrorResponse",
  "matchPath",
  "matchRoutes",
  "parsePath",
  "renderMatches",
  "resolvePath",
  "useBeforeUnload",
  "useHref",
  "useInRouterContext",
  "useLinkClickHandler",
  "useLocation",
  "useMatch",
  "useNavigate",
  "useNavigationType",
  "useOutlet",
  "useOutletContext",
  "useParams",
  "useResolvedPath",
  "useRoutes",
  "useSearchParams",
] as const;

/** The kit components apps import as `@/components/ui/<name>` (shadcn-style API). */
export const KIT_COMPONENTS = [
  "accordion",
  "alert",
  "avatar",
  "badge",
  "button",
  "calendar",
  "card",
  "checkbox",
  "dialog",
  "dropdown-menu",
  "form",
  "input",
  "label",
  "popover",
  "progress",
  "scroll-area",
  "select",
  "separator",
  "sheet",
  "skeleton",
  "sonner",
  "switch",
  "table",
  "tabs",
  "textarea",
  "toast",
  "tooltip",
] as const;

export type VendorManifest = {
  /** Import map entries: bare specifier or `@/components/ui/<name>` → absolute URL path. */
  imports: Record<string, string>;
  /**
   * The names each vendor module exports (same keys as `imports`). Optional: a manifest
   * built before this field existed still serves apps; the validators then skip the checks
   * of named imports.
   */
  exports?: Record<string, string[]>;
  /**
   * Each module's static import closure as URLs (its shared chunks), for modulepreload
   * links. Optional like `exports`: without it the frame preloads only the entries.
   */
  staticDeps?: Record<string, string[]>;
  /**
   * Every vendor file by the bare specifier the others import it with
   * (`@liftoff/vendor/<file>` → its URL path): merged into the frame's import map, so a
   * vendor module loads the same from its URL or relayed as a blob: URL. Not importable
   * by apps (the validators check against `imports`).
   */
  chunks?: Record<string, string>;
  /** Tailwind class candidates used by the kit and the runtime, added to every app's CSS. */
  candidates: string[];
  /** The theme (CSS variables, base layer) every app's stylesheet starts from. */
  themeCss: string;
};
