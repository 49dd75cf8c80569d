import { Button } from "@liftoff/ui";
import { RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Crash screen for the router: a failed lazy chunk (new deploy) or an exception while rendering. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-neutral-50 px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-md"
      >
        <div className="mx-auto mb-5 flex size-11 items-center justify-center rounded-xl border border-warning-border bg-warning-subtle text-warning-text">
          <TriangleAlertIcon className="size-5" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">
          {chunkFailed ? "A new version is available" : "Something went wrong"}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {chunkFailed
            ? "Reload the page to get the latest version of Liftoff."
            : "An unexpected error stopped this page. Reload to try again, or head back home."}
        </p>
        {detail && !chunkFailed ? (
          <p className="mt-4 rounded-md bg-muted px-3 py-2 font-mono text-xs break-words text-muted-foreground">
            {detail}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="outline">
            <Link to="/" reloadDocument>
              Go home
            </Link>
          </Button>
          <Button onClick={() => window.location.reload()}>
            <RefreshCwIcon /> Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
