import { APP_KIND_LABELS, appSummarySchema } from "@liftoff/domain";
import { Button, Card, cn, EmptyState, Skeleton } from "@liftoff/ui";
import {
  ArrowLeftIcon,
  ChartColumnIcon,
  ChevronRightIcon,
  DatabaseIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  LibraryIcon,
  ListChecksIcon,
  type LucideIcon,
  MessageSquareIcon,
  MousePointerClickIcon,
  PaletteIcon,
  SearchXIcon,
  SettingsIcon,
  TypeIcon,
  UsersIcon,
  WrenchIcon,
} from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { api, errorStatus } from "../../lib/api.ts";
import { appKindInfo } from "../../lib/app-kinds.ts";
import { useSession } from "../../lib/session.tsx";
import { AppStateBadge } from "../apps/app-card.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { DatabasePanel } from "../database/database-panel.tsx";
import {
  type BuilderPanelId,
  type BuilderPanelMode,
  builderPanelEntries,
  panelModeFromQuery,
  panelModeOf,
} from "./builder-panels.ts";
import { SpaceBuilder } from "./space-builder.tsx";

const PANEL_ICONS: Record<BuilderPanelId, LucideIcon> = {
  texts: TypeIcon,
  branding: PaletteIcon,
  tools: WrenchIcon,
  chat: MessageSquareIcon,
  settings: SettingsIcon,
  details: FileTextIcon,
  database: DatabaseIcon,
  users: UsersIcon,
  fields: ListChecksIcon,
  resultsLayout: LayoutDashboardIcon,
  callToAction: MousePointerClickIcon,
  dataSources: LibraryIcon,
};

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

/** /build/app/:appId — the builder frame: header, side panel entries for the app's kind, centre. */
export function BuilderShellPage() {
  const { appId = "" } = useParams();
  const { account } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
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
  const kind = appKindInfo(summary.kind);
  const KindIcon = kind.icon;
  const entries = builderPanelEntries(summary.kind, {
    isAdmin: account?.isAdmin ?? false,
    plan: account?.plan ?? null,
  });
  const published = summary.status === "published";
  const mode = panelModeFromQuery(summary.kind, searchParams.get("panel"));
  const openPanel = (next: BuilderPanelMode) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === "main") params.delete("panel");
        else params.set("panel", next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-25" data-testid="builder-shell">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-6 lg:px-8">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <Button variant="ghost" size="icon" asChild className="shrink-0">
              <Link to="/apps" aria-label="Back to apps" data-testid="builder-back">
                <ArrowLeftIcon />
              </Link>
            </Button>
            <span
              className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg ring-1", kind.tint)}
            >
              <KindIcon className="size-[18px]" aria-hidden />
            </span>
            <div className="min-w-0">
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <h1 className="truncate text-lg font-semibold tracking-tight" data-testid="builder-app-name">
                  {summary.name}
                </h1>
                <span data-testid="builder-app-state">
                  <AppStateBadge status={summary.status} />
                </span>
              </div>
              <p className="text-13 text-muted-foreground">{APP_KIND_LABELS[summary.kind]}</p>
            </div>
          </div>
          <div className="flex items-center gap-2 pl-12 md:pl-0">
            {published ? (
              <Button variant="outline" size="sm" asChild>
                <Link to={`/analytics/app/${summary.id}`} data-testid="builder-analytics">
                  <ChartColumnIcon />
                  Analytics
                </Link>
              </Button>
            ) : (
              <p
                className="flex items-center gap-1.5 text-13 text-muted-foreground"
                data-testid="builder-analytics-hint"
              >
                <ChartColumnIcon className="size-4" aria-hidden />
                Publish your app to access analytics
              </p>
            )}
          </div>
        </div>
      </header>

      {mode === "database" ? (
        <div className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-6 sm:py-6 lg:px-8">
          <DatabasePanel appId={summary.id} onDone={() => openPanel("main")} />
        </div>
      ) : (
        <div className="mx-auto grid grid-cols-1 w-full max-w-7xl flex-1 gap-6 px-4 py-6 sm:px-6 md:grid-cols-[240px_minmax(0,1fr)] lg:px-8">
          <aside aria-label="Builder panels">
            <Card className="p-2">
              <p className="px-2.5 pt-1.5 pb-2 text-xs font-medium uppercase tracking-wider text-muted-foreground">
                Build
              </p>
              <ul className="grid gap-0.5" data-testid="builder-panels">
                {entries.map((entry) => {
                  const Icon = PANEL_ICONS[entry.id];
                  const opens = panelModeOf(summary.kind, entry.id);
                  return (
                    <li key={entry.id} data-testid="builder-panel-entry" data-panel={entry.id}>
                      {opens ? (
                        <button
                          type="button"
                          onClick={() => openPanel(opens)}
                          className="flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-foreground transition-colors hover:bg-accent"
                        >
                          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                          <span className="flex-1">{entry.label}</span>
                          <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
                        </button>
                      ) : (
                        <span className="flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-foreground">
                          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                          <span className="flex-1">{entry.label}</span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
              <p className="px-2.5 pt-2 pb-1.5 text-xs text-muted-foreground">
                {entries.some((entry) => panelModeOf(summary.kind, entry.id))
                  ? "More panels open with the builder features."
                  : "These panels open with the builder features."}
              </p>
            </Card>
          </aside>

          <section aria-label="Builder" className="flex min-h-80">
            <EmptyState
              icon={KindIcon}
              title={`The ${kind.label.toLowerCase()} builder is on its way`}
              description={`Editing ${entries
                .slice(0, 3)
                .map((entry) => entry.label.toLowerCase())
                .join(
                  ", ",
                )} and more for this ${kind.label.toLowerCase()} arrives with the builder features. Your app is saved: you can rename or delete it from your apps.`}
              action={
                <Button variant="outline" asChild>
                  <Link to="/apps">Back to your apps</Link>
                </Button>
              }
              className="w-full"
            />
          </section>
        </div>
      )}
    </div>
  );
}
