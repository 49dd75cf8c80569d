/**
 * Which page of a published generated app or single tool a path inside the app names
 * (spec section 2 'Routes'): its home ("/"), one tool ("/tool/{toolPath}"), the chat
 * assistant ("/chat", issue 16), or nothing. The server answers 404 for a tool path that
 * is not an active tool, for /chat when the app has no assistant switched on, and for
 * anything else; the page draws the same verdict. Query and hash are ignored.
 */
export type ToolAppPage =
  | { kind: "home" }
  | { kind: "tool"; path: string }
  | { kind: "chat" }
  | { kind: "unknown" };

export function parseToolAppPath(appPath: string): ToolAppPage {
  const path = appPath.replace(/[?#].*$/, "");
  if (path === "" || path === "/") return { kind: "home" };
  if (path === "/chat" || path === "/chat/") return { kind: "chat" };
  const tool = /^\/tool\/([^/]+)\/?$/.exec(path);
  if (!tool?.[1]) return { kind: "unknown" };
  try {
    return { kind: "tool", path: decodeURIComponent(tool[1]) };
  } catch {
    return { kind: "unknown" };
  }
}

/** The link to a tool's page: `{base}/tool/{toolPath}` (base "/app/{slug}", or "" on a custom host). */
export function toolPageUrl(base: string, toolPath: string): string {
  return `${base}/tool/${encodeURIComponent(toolPath)}`;
}

/** The chat assistant's page: `{base}/chat` (base "/app/{slug}", or "" on a custom host). */
export function toolAppChatUrl(base: string): string {
  return `${base}/chat`;
}

/** The app's home: `base`, or "/" on a custom host. */
export function toolAppHomeUrl(base: string): string {
  return base || "/";
}

/** The id of the `<script type="application/json">` the server puts a published tool app in. */
export const TOOL_APP_DATA_ID = "liftoff-tool-app";

/** The page's title: the tool's title on a tool page, else the app's header (or name). */
export function toolAppPageTitle(
  app: { header: string; name: string },
  tool: { title: string } | null,
): string {
  return tool?.title.trim() || app.header.trim() || app.name.trim() || "App";
}
