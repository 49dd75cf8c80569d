import type { PublicToolApp } from "@liftoff/domain";
import { Toaster } from "@liftoff/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { HostRoute } from "../../host/host-route.ts";
import { ToolAppRoot } from "./tool-app-root.tsx";
import "../../host/host.css";

/**
 * Mounts a published generated app's or single tool's page (loaded on demand by the host
 * entry when the server put the app in the page); a tool's page runs it (RunningToolPage).
 */
export function mountToolApp(app: PublicToolApp, route: Extract<HostRoute, { page: "app" }>): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("Missing #root element");
  createRoot(root).render(
    <StrictMode>
      <ToolAppRoot app={app} route={route} />
      <Toaster />
    </StrictMode>,
  );
}
