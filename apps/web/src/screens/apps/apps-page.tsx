import { type AppSummary, appListResponseSchema } from "@liftoff/domain";
import { Button, ConfirmDialog, EmptyState, Input, PageHeader, SegmentedControl, toast } from "@liftoff/ui";
import { PackageIcon, PlusIcon, RocketIcon, SearchIcon, SearchXIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api.ts";
import { APP_KIND_INFO } from "../../lib/app-kinds.ts";
import { AppRunsBanner } from "../../lib/app-runs-banner.tsx";
import { useSession } from "../../lib/session.tsx";
import { useDuplicateTemplate, useDuplicateTemplateParam } from "../templates/use-duplicate-template.ts";
import { AppCard, AppCardSkeleton } from "./app-card.tsx";
import { CreateAppDialog } from "./create-app-dialog.tsx";
import { filterApps, type KindFilter } from "./filter-apps.ts";
import { LoadError } from "./load-error.tsx";
import { RenameAppDialog } from "./rename-app-dialog.tsx";
import { UsageStrip } from "./usage-strip.tsx";
import { useResource } from "./use-resource.ts";

const KIND_FILTERS: { value: KindFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...APP_KIND_INFO.map((info) => ({ value: info.kind, label: info.label })),
];

/** /apps: the builder's apps. */
export function AppsPage() {
  const { account, refreshAccount } = useSession();
  const apps = useResource("apps", () => api.get("/api/apps", appListResponseSchema).then((res) => res.apps));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<AppSummary | null>(null);
  const [deleting, setDeleting] = useState<AppSummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [kind, setKind] = useState<KindFilter>("all");
  const [params, setParams] = useSearchParams();
  // /apps?duplicateTemplate=<id> (spec section 2 query params) copies the template.
  useDuplicateTemplateParam(useDuplicateTemplate().duplicate);

  // /apps?new=1 (quick action on /home) opens the create dialog straight away.
  useEffect(() => {
    if (params.get("new") !== "1") return;
    setCreating(true);
    const next = new URLSearchParams(params);
    next.delete("new");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const createButton = (
    <Button onClick={() => setCreating(true)} data-testid="apps-create">
      <PlusIcon />
      New app
    </Button>
  );

  async function deleteApp(app: AppSummary) {
    await api.delete(`/api/apps/${app.id}`);
    apps.setData((list) => list.filter((item) => item.id !== app.id));
    toast.success(`"${app.name}" was deleted`);
    void refreshAccount().catch(() => {});
  }

  let content: React.ReactNode;
  if (apps.status === "loading") {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <AppCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (apps.status === "error") {
    content = <LoadError title="Couldn't load your apps" error={apps.error} onRetry={apps.reload} />;
  } else if (apps.data.length === 0) {
    content = (
      <EmptyState
        icon={RocketIcon}
        title="No apps yet"
        description="Build an AI-powered app in minutes: describe it to the assistant, shape it, then publish it for your users."
        action={
          <Button onClick={() => setCreating(true)} data-testid="apps-empty-create">
            <PlusIcon />
            Create your first app
          </Button>
        }
        className="py-16"
      />
    );
  } else {
    const visible = filterApps(apps.data, query, kind);
    content = (
      <div className="grid grid-cols-1 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-xs">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search apps"
              aria-label="Search apps"
              className="pl-9"
              data-testid="apps-search"
            />
          </div>
          <div className="-mx-4 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <SegmentedControl
              ariaLabel="Filter by kind"
              value={kind}
              onChange={setKind}
              options={KIND_FILTERS}
            />
          </div>
        </div>
        {visible.length === 0 ? (
          <EmptyState
            icon={SearchXIcon}
            title="No apps match"
            description="Try another name or kind."
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setQuery("");
                  setKind("all");
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your apps">
            {visible.map((app) => (
              <li key={app.id} className="flex">
                <AppCard
                  app={app}
                  onRename={setRenaming}
                  onDelete={(target) => {
                    setDeleting(target);
                    setDeleteOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Apps"
        description="Create, build and publish your AI-powered apps."
        actions={
          <>
            {account && account.appPackages.length > 0 ? (
              <Button variant="outline" asChild>
                <Link to="/apps/packages">
                  <PackageIcon />
                  App packages
                </Link>
              </Button>
            ) : null}
            {createButton}
          </>
        }
        className="pb-0"
      />
      {account ? <UsageStrip account={account} /> : null}
      <AppRunsBanner account={account} />
      {content}

      <CreateAppDialog open={creating} onOpenChange={setCreating} />
      <RenameAppDialog
        app={renaming}
        onOpenChange={(open) => !open && setRenaming(null)}
        onRenamed={(updated) => {
          apps.setData((list) => list.map((item) => (item.id === updated.id ? updated : item)));
          toast.success("App renamed");
        }}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete "${deleting?.name ?? ""}"?`}
        description="The app, its settings and its data are deleted for good. People using it will no longer be able to open it."
        confirmLabel="Delete app"
        destructive
        onConfirm={() => (deleting ? deleteApp(deleting) : undefined)}
      />
    </div>
  );
}
