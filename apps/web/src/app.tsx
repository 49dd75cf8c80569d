import { Toaster } from "@liftoff/ui";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { SessionProvider } from "./lib/session.tsx";
import { createRouter } from "./router.tsx";

/**
 * The root: session first (every screen reads it), then the router. The upgrade dialog
 * provider sits in the root route (see router.tsx) so it can navigate and watch
 * `?goto=upgrade_app_plan` on any page.
 */
export function App() {
  const [router] = useState(createRouter);
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <Toaster />
    </SessionProvider>
  );
}
