import { appListResponseSchema } from "@liftoff/domain";
import { Button, Card, EmptyState, Progress, Skeleton } from "@liftoff/ui";
import {
  ArrowRightIcon,
  GaugeIcon,
  LayoutGridIcon,
  LayoutTemplateIcon,
  type LucideIcon,
  PlusIcon,
  RocketIcon,
} from "lucide-react";
import { Link } from "react-router";
import { api } from "../../lib/api.ts";
import { appKindInfo } from "../../lib/app-kinds.ts";
import { planLabel } from "../../lib/plan-label.ts";
import { useSession } from "../../lib/session.tsx";
import { AppStateBadge } from "../apps/app-card.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { formatRelativeTime } from "../apps/relative-time.ts";
import { useResource } from "../apps/use-resource.ts";

const RECENT_APPS = 3;

type QuickAction = { to: string; title: string; description: string; icon: LucideIcon; testId: string };

const ACTIONS: QuickAction[] = [
  {
    to: "/apps?new=1",
    title: "Create an app",
    description: "A generated app of AI tools, a single tool, or a space app built with the assistant.",
    icon: PlusIcon,
    testId: "home-create",
  },
  {
    to: "/apps",
    title: "Your apps",
    description: "Open, rename or keep building.",
    icon: LayoutGridIcon,
    testId: "home-apps",
  },
  {
    to: "/templates",
    title: "Templates",
    description: "Ready-made apps to start from.",
    icon: LayoutTemplateIcon,
    testId: "home-templates",
  },
  {
    to: "/settings/plan",
    title: "Plan & usage",
    description: "See what you've used this month.",
    icon: GaugeIcon,
    testId: "home-usage",
  },
];

function greeting(date = new Date()): string {
  const hour = date.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** /home: the signed-in welcome page with quick actions and the latest apps. */
export function HomePage() {
  const { user, account } = useSession();
  const apps = useResource("home-apps", () =>
    api.get("/api/apps", appListResponseSchema).then((r) => r.apps),
  );
  const firstName = (account?.name || user?.name || "").trim().split(/\s+/)[0];

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl" data-testid="home-welcome">
            {greeting()}
            {firstName ? `, ${firstName}` : ""}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">What will you launch today?</p>
        </div>
        {account ? (
          <div className="grid w-full gap-1.5 sm:w-64">
            <div className="flex justify-between text-13">
              <span className="font-medium">
                {account.appsCount} of {account.maxApps} apps
              </span>
              <span className="text-muted-foreground">{planLabel(account.plan)} plan</span>
            </div>
            <Progress value={account.appsCount} max={account.maxApps} aria-label="Apps used" />
          </div>
        ) : null}
      </header>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="sr-only">
          Quick actions
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIONS.map((action) => {
            const Icon = action.icon;
            return (
              <li key={action.testId} className="flex">
                <Link
                  to={action.to}
                  data-testid={action.testId}
                  className="group flex w-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-[box-shadow,border-color] hover:border-brand-200 hover:shadow-md"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="flex items-center gap-1 text-sm font-semibold">
                      {action.title}
                      <ArrowRightIcon className="size-3.5 -translate-x-1 opacity-0 transition-all group-hover:translate-x-0 group-hover:opacity-100" />
                    </span>
                    <span className="text-13 text-muted-foreground">{action.description}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="recent-apps" className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-apps" className="text-lg font-semibold tracking-tight">
            Recent apps
          </h2>
          <Button variant="link" asChild>
            <Link to="/apps">View all</Link>
          </Button>
        </div>
        {apps.status === "loading" ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : apps.status === "error" ? (
          <LoadError title="Couldn't load your apps" error={apps.error} onRetry={apps.reload} />
        ) : apps.data.length === 0 ? (
          <EmptyState
            icon={RocketIcon}
            title="No apps yet"
            description="Your apps show up here once you create them."
            action={
              <Button asChild>
                <Link to="/apps">
                  <PlusIcon />
                  Create your first app
                </Link>
              </Button>
            }
          />
        ) : (
          <Card className="divide-y divide-border overflow-hidden">
            {apps.data.slice(0, RECENT_APPS).map((app) => {
              const kind = appKindInfo(app.kind);
              const Icon = kind.icon;
              return (
                <Link
                  key={app.id}
                  to={`/build/app/${app.id}`}
                  className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted focus-visible:bg-muted focus-ring-inset"
                  data-testid="home-recent-app"
                >
                  <span
                    className={`flex size-9 shrink-0 items-center justify-center rounded-lg ring-1 ${kind.tint}`}
                  >
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium">{app.name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {kind.label} · Updated {formatRelativeTime(app.updatedAt)}
                    </span>
                  </span>
                  <span className="hidden sm:block">
                    <AppStateBadge status={app.status} />
                  </span>
                </Link>
              );
            })}
          </Card>
        )}
      </section>
    </div>
  );
}
