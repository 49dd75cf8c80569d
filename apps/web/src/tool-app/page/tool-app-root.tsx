import {
  findPublicTool,
  type PublicToolApp,
  parseToolAppPath,
  toolAppHomeUrl,
  toolAppPageTitle,
} from "@liftoff/domain";
import { useEffect } from "react";
import type { HostRoute } from "../../host/host-route.ts";
import { AssistantChatPage } from "../assistant/assistant-chat-page.tsx";
import { RunningToolPage } from "./running-tool-page.tsx";
import { ToolAppHome } from "./tool-app-home.tsx";
import { ToolAppShell } from "./tool-app-shell.tsx";
import { ToolNotFound } from "./tool-not-found.tsx";

export type ToolAppRootProps = {
  app: PublicToolApp;
  route: Extract<HostRoute, { page: "app" }>;
};

/**
 * A published generated app or single tool, by the page's path (a full page load per
 * page: the server answers each path with its status). The home lists a generated app's
 * tools; a single tool's home is its tool's page; /tool/{path} is one active tool; /chat
 * is the chat assistant while the app has it switched on; any other path is not found. A tool's page runs it (RunningToolPage).
 */
export function ToolAppRoot({ app, route }: ToolAppRootProps) {
  const page = parseToolAppPath(route.appPath);
  const tool =
    page.kind === "tool"
      ? findPublicTool(app, page.path)
      : page.kind === "home" && app.kind === "tool"
        ? (app.tools[0] ?? null)
        : null;
  const home = page.kind === "home" && app.kind === "generated";
  const chat = page.kind === "chat" && app.kind === "generated" && app.chatAssistant;
  // An embed (the embed snippets' `?embed=1`) shows the tool without the app's chrome.
  const embedded =
    new URLSearchParams(route.appPath.replace(/^[^?]*\??/, "").replace(/#.*$/, "")).get("embed") === "1";
  const appName = app.header.trim() || app.name;
  const missing = page.kind === "tool" ? "Tool not found" : "Page not found";

  useEffect(() => {
    document.title = chat
      ? `Chat · ${toolAppPageTitle(app, null)}`
      : home || tool
        ? toolAppPageTitle(app, home ? null : tool)
        : missing;
  }, [app, tool, home, chat, missing]);

  return (
    <ToolAppShell
      app={app}
      homeUrl={toolAppHomeUrl(route.base)}
      customHost={route.customHost}
      embedded={embedded}
    >
      {chat ? (
        <AssistantChatPage app={app} base={route.base} />
      ) : home ? (
        <ToolAppHome app={app} base={route.base} />
      ) : tool ? (
        <RunningToolPage key={tool.toolId} app={app} tool={tool} base={route.base} embedded={embedded} />
      ) : (
        <ToolNotFound base={route.base} appName={appName} title={missing} />
      )}
    </ToolAppShell>
  );
}
