import { appSummarySchema } from "@liftoff/domain";
import { Button, EmptyState, Skeleton } from "@liftoff/ui";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { api, errorStatus } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { GenBuilder } from "../gen-builder/gen-builder.tsx";
import { SpaceBuilder } from "./space-builder.tsx";

function BackToApps() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to="/apps" data-testid="builder-back">
        <ArrowLeftIcon />
        Apps
      </Link>
    </Button>
  );
}

/** /build/app/:appId/* — loads the app and hands it to its kind's builder (space, or generated app and single tool). */
export function BuilderShellPage() {
  const { appId = "" } = useParams();
  const app = useResource(`app:${appId}`, () =>
    api.get(`/api/apps/${encodeURIComponent(appId)}`, appSummarySchema),
  );

  if (app.status === "loading") {
    return (
      <div
        className="mx-auto grid grid-cols-1 min-h-dvh w-full max-w-7xl content-start gap-6 px-4 py-6 sm:px-6 lg:px-8"
        aria-busy="true"
      >
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-14 w-full max-w-md" />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[240px_minmax(0,1fr)]">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </div>
    );
  }

  if (app.status === "error") {
    const notFound = errorStatus(app.error) === 404;
    return (
      <div className="mx-auto grid grid-cols-1 min-h-dvh w-full max-w-3xl content-start gap-6 px-4 py-10 sm:px-6">
        <BackToApps />
        {notFound ? (
          <div data-testid="builder-not-found">
            <EmptyState
              icon={SearchXIcon}
              title="App not found"
              description="This app doesn't exist or you don't have access to it. It may have been deleted."
              action={
                <Button asChild>
                  <Link to="/apps">Back to your apps</Link>
                </Button>
              }
              className="py-16"
            />
          </div>
        ) : (
          <LoadError title="Couldn't load this app" error={app.error} onRetry={app.reload} />
        )}
      </div>
    );
  }

  const summary = app.data;
  if (summary.kind === "space") return <SpaceBuilder app={summary} setApp={app.setData} />;
  return <GenBuilder app={summary} setApp={app.setData} />;
}
