import { z } from "zod";

/**
 * File ids of a space app are their paths. Fixed places, so the compiler, the code
 * editor's groups and the assistant all agree on where a thing lives:
 *   layout.jsx | layout.tsx             the layout wrapping every page
 *   globals.css                         extra CSS after the generated utilities
 *   pages/<Name>.jsx|tsx                one page; Name is PascalCase and is its route segment
 *   components/<path>.jsx|tsx|js|ts     components (components/ui/* is the built-in kit)
 *   services/<path>.js|ts               plain modules (helpers, API wrappers)
 * Entity schemas show as entities/<Name>.json in the editor but are not files: they live
 * in the entity tables and are read-only there.
 */
export const APP_FILE_ID_MAX = 200;
export const APP_FILE_CONTENT_MAX = 300_000;
export const APP_FILES_MAX = 300;

const SEGMENT = "[A-Za-z0-9_-]+";
export const APP_FILE_ID_PATTERN = new RegExp(
  [
    "^layout\\.(jsx|tsx)$",
    "^globals\\.css$",
    "^pages/[A-Z][A-Za-z0-9]*\\.(jsx|tsx)$",
    `^components/(?!ui/)(${SEGMENT}/)*${SEGMENT}\\.(jsx|tsx|js|ts)$`,
    `^services/(${SEGMENT}/)*${SEGMENT}\\.(js|ts)$`,
  ].join("|"),
);

export const APP_FILE_ID_MESSAGE =
  "File path must be layout.jsx, globals.css, pages/<Name>.jsx, components/<path>.jsx or services/<path>.js";

export const appFileIdSchema = z
  .string()
  .max(APP_FILE_ID_MAX, `File path can be at most ${APP_FILE_ID_MAX} characters`)
  .regex(APP_FILE_ID_PATTERN, APP_FILE_ID_MESSAGE);

export type AppFileGroup = "layout" | "styles" | "pages" | "components" | "services";

/** The code editor's group of a file id (spec section 2: Layout, Styles, Pages, Components, Services). */
export function appFileGroup(id: string): AppFileGroup {
  if (id.startsWith("pages/")) return "pages";
  if (id.startsWith("components/")) return "components";
  if (id.startsWith("services/")) return "services";
  if (id.endsWith(".css")) return "styles";
  return "layout";
}

/** 'pages/TaskBoard.jsx' → 'TaskBoard'; 'components/tasks/Card.jsx' → 'Card'. */
export function appFileName(id: string): string {
  const base = id.slice(id.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The page name of a page file id, or null when the id is not a page. */
export function pageNameOf(id: string): string | null {
  return id.startsWith("pages/") ? appFileName(id) : null;
}
