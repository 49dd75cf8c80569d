import { SearchXIcon } from "lucide-react";
import { useMemo } from "react";
import { AppHostPage } from "./app-host-page.tsx";
import { takeBootFrame } from "./boot-frame.ts";
import { customHostAppId, parseHostRoute } from "./host-route.ts";
import { AppLoginPage } from "./login/app-login-page.tsx";
import { StatusPage } from "./status-page.tsx";

/** Picks the host page for the current location (a full page load: no client router needed). */
export function HostRoot() {
  const route = useMemo(() => parseHostRoute(window.location, customHostAppId()), []);
  // The app's frame the server may have started in the page: adopted, or removed at once.
  const bootFrame = useMemo(() => takeBootFrame(route), [route]);
  if (!route) {
    return (
      <StatusPage
        icon={SearchXIcon}
        title="App not found"
        description="This link does not lead to an app. Check the address and try again."
      />
    );
  }
  if (route.page === "login") return <AppLoginPage route={route} />;
  return <AppHostPage route={route} bootFrame={bootFrame} />;
}
