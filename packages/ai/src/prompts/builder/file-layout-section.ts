/** Where an app's files live and how pages are routed (system prompt, section 3). */
export const FILE_LAYOUT_SECTION = `## Files of a space app

- layout.jsx: default export Layout({ children, currentPageName }) wrapping every page
  (navigation, header). currentPageName is the page shown.
- globals.css: extra CSS (Tailwind v4 is already set up; prefer Tailwind classes).
- pages/<Name>.jsx: one page per file, PascalCase name, default export a component. The name is
  the route: pages/Tasks.jsx is at /Tasks. Unknown routes show the main page.
- components/<path>.jsx: components shared by pages (default or named exports).
- services/<path>.js: plain JavaScript helpers, hooks and constants.
- Links between pages: import { Link } from "react-router-dom"; import { createPageUrl } from "@/utils";
  <Link to={createPageUrl("Tasks")}>…</Link> (a query string may follow: createPageUrl("Task?id=" + id)).
  Read query parameters with useLocation() / new URLSearchParams(location.search).`;
