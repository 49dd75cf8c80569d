import { findPublicTool, parseToolAppPath, toolAppPageTitle } from "@liftoff/domain";
import type { ToolAppAnswer } from "./resolve-tool-app.ts";
import { withToolApp } from "./with-tool-app.ts";

/**
 * The host page of a generated app or single tool at `appPath` (the path inside the app),
 * and its status: 403 when the app is not published (the page says so, as for space apps,
 * and carries nothing of the app); 200 for the home, an active tool's page and /chat when
 * the app's chat assistant is on; 404 for a draft's or an unknown tool's path, /chat of an
 * app without the assistant, and any other path — those pages still carry the
 * public app, so the not-found page wears the app's style and links to its home.
 */
export function toolAppPage(
  html: string,
  answer: Exclude<ToolAppAnswer, { state: "none" }>,
  appPath: string,
): { html: string; status: 200 | 403 | 404 } {
  if (answer.state === "unpublished") return { html, status: 403 };
  const { app } = answer;
  const page = parseToolAppPath(appPath);
  // A single tool's home is its tool's page.
  const home = app.kind === "tool" ? (app.tools[0] ?? null) : null;
  if (page.kind === "home") return { html: withToolApp(html, app, toolAppPageTitle(app, home)), status: 200 };
  if (page.kind === "chat") {
    return app.chatAssistant
      ? { html: withToolApp(html, app, `Chat · ${toolAppPageTitle(app, null)}`), status: 200 }
      : { html: withToolApp(html, app, "Page not found"), status: 404 };
  }
  const tool = page.kind === "tool" ? findPublicTool(app, page.path) : null;
  if (!tool) return { html: withToolApp(html, app, "Page not found"), status: 404 };
  return { html: withToolApp(html, app, toolAppPageTitle(app, tool)), status: 200 };
}
