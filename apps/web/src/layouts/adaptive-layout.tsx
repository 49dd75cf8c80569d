import type { ReactNode } from "react";
import { FullPageSpinner, useSession } from "../lib/session.tsx";
import { AppShell } from "./app-shell.tsx";
import { PublicLayout } from "./public-layout.tsx";

/** Pages open to everyone (pricing, templates, 404): the app shell when signed in, else the marketing frame. */
export function AdaptiveLayout({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === "loading") return <FullPageSpinner />;
  return status === "signedIn" ? <AppShell>{children}</AppShell> : <PublicLayout>{children}</PublicLayout>;
}
