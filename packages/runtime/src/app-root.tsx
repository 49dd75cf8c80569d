import type { AppRuntimeError } from "@liftoff/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router-dom";
import { Toaster } from "../../ui/src/components/toaster.tsx";
import { TooltipProvider } from "../../ui/src/components/tooltip.tsx";
import { postToHost } from "./frame-bridge.ts";
import { linkTarget } from "./link-target.ts";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { type AppModule, resolvePage } from "./resolve-page.ts";
import { setCurrentPath } from "./runtime-client.ts";

export type HostNavigation = { subscribe(listener: (path: string) => void): () => void };

export type AppRootProps = {
  app: AppModule;
  initialPath: string;
  report: (error: AppRuntimeError) => void;
  hostNavigation: HostNavigation;
  onRendered: (pageName: string) => void;
};

/** The providers every generated app expects (React Query, tooltips, toasts, a router). */
export function AppRoot(props: AppRootProps) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[props.initialPath]}>
          <AppShell {...props} />
        </MemoryRouter>
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

function AppShell({ app, initialPath, report, hostNavigation, onRendered }: AppRootProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}${location.hash}`;
  const { name, Page } = resolvePage(app, location.pathname);
  // The path the host asked for (or started at): not echoed back as a `navigate`.
  const fromHost = useRef<string | null>(initialPath);

  useEffect(() => {
    setCurrentPath(path);
    const echo = fromHost.current === path;
    fromHost.current = null;
    if (!echo) postToHost({ type: "navigate", path });
  }, [path]);

  useEffect(
    () =>
      hostNavigation.subscribe((target) => {
        fromHost.current = target;
        navigate(target);
      }),
    [hostNavigation, navigate],
  );

  // Plain <a href="/Tasks"> links (not router <Link>s, which prevent the default themselves).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor) return;
      const target = linkTarget(anchor.getAttribute("href"), path, {
        download: anchor.hasAttribute("download"),
      });
      if (target.kind === "app") {
        event.preventDefault();
        navigate(target.path);
      } else if (target.kind === "external") {
        event.preventDefault();
        postToHost({ type: "open", url: target.url });
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate, path]);

  // `rendered` follows the first commit even when the page itself failed (its error
  // notice is what rendered), so a host waiting for it never waits forever.
  const page = (
    <>
      <PageErrorBoundary key={`page:${location.pathname}`} label="page" onError={report}>
        {Page ? <Page /> : <NoPages />}
      </PageErrorBoundary>
      <RenderedSignal page={name} onRendered={onRendered} />
    </>
  );
  const Layout = app.Layout;
  if (!Layout) return page;
  return (
    <PageErrorBoundary label="layout" onError={report}>
      <Layout currentPageName={name}>{page}</Layout>
    </PageErrorBoundary>
  );
}

function RenderedSignal({
  page,
  onRendered,
}: {
  page: string;
  onRendered: (page: string) => void;
}): ReactNode {
  useEffect(() => onRendered(page), [page, onRendered]);
  return null;
}

function NoPages() {
  return (
    <div className="mx-auto my-16 max-w-md text-center text-sm text-muted-foreground">
      This app has no pages yet.
    </div>
  );
}
