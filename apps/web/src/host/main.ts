import { TOOL_APP_DATA_ID } from "@liftoff/domain";
import { takeBootFrame } from "./boot-frame.ts";
import { customHostAppId, parseHostRoute } from "./host-route.ts";
import { startBootHost } from "./start-boot-host.ts";

// The second entry of the web app (host.html): published apps and their login pages. It
// imports neither the builder SPA nor its router, so an end user downloads only this.
//
// A published app whose frame the server already started (boot data in the page) is
// hosted without React (start-boot-host.ts): a few KB, so the frame gets its modules and
// its `init` as early as possible. Everything else — and the published app as soon as its
// fast path steps aside — is the React page, loaded on demand.
const mountReact = () => {
  void import("./mount-host-root.tsx").then(({ mountHostRoot }) => mountHostRoot());
};

// A published generated app or single tool: the server put its public view in the page; its
// page (the end users' form) is React with zod for the answers' checks, loaded on demand.
const mountToolApp = (appRoute: NonNullable<typeof route> & { page: "app" }) => {
  void import("../tool-app/page/read-tool-app-data.ts").then(async ({ readToolAppData }) => {
    const app = readToolAppData();
    if (!app) {
      mountReact();
      return;
    }
    const { mountToolApp } = await import("../tool-app/page/mount-tool-app.tsx");
    mountToolApp(app, appRoute);
  });
};

const route = parseHostRoute(window.location, customHostAppId());
const bootFrame = takeBootFrame(route);
if (route?.page === "app" && bootFrame) startBootHost({ route, bootFrame, handOver: mountReact });
else if (route?.page === "app" && document.getElementById(TOOL_APP_DATA_ID)) mountToolApp(route);
else mountReact();
