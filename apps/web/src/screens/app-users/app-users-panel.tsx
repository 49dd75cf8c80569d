import type { AppUserSummary } from "@liftoff/domain";
import { Alert, Badge, Button, ConfirmDialog, EmptyState, Input, Skeleton } from "@liftoff/ui";
import { SearchIcon, UsersIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useResource } from "../apps/use-resource.ts";
import { appUsersApi } from "./app-users-api.ts";
import { filterAppUsers } from "./filter-app-users.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export type AppUsersPanelProps = { appId: string };

/**
 * App users (issue 13): the people who signed up to this app — e-mail, when they joined,
 * whether the address is verified, when they were last seen — with a way to disable one
 * (no sign-in, their sessions end) or enable them again. A list rather than a table: the
 * builder's side panel is 26rem wide, and the same list works at 375 px.
 */
export function AppUsersPanel({ appId }: AppUsersPanelProps) {
  const api = useMemo(() => appUsersApi(appId), [appId]);
  const users = useResource(`app-users:${appId}`, api.list);
  const [query, setQuery] = useState("");
  // The user the confirmation is about; kept while the dialog closes so its text does not flip.
  const [pending, setPending] = useState<AppUserSummary | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (users.status === "loading")
    return (
      <div className="space-y-2" aria-busy="true" data-testid="app-users-loading">
        <span className="sr-only">Loading app users</span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (users.status === "error")
    return (
      <Alert
        tone="error"
        title="Could not load the app's users"
        action={
          <Button size="sm" variant="outline" onClick={users.reload}>
            Try again
          </Button>
        }
      >
        {errorMessage(users.error)}
      </Alert>
    );

  const all = users.data;
  if (all.length === 0)
    return (
      <EmptyState
        icon={UsersIcon}
        title="No users yet"
        description="People who sign up to the published app show here. Turn on sign-up in App settings."
      />
    );

  const shown = filterAppUsers(all, query);
  const toggle = async (user: AppUserSummary, disabled: boolean) => {
    const updated = await api.setDisabled(user.id, disabled);
    users.setData((current) => current.map((u) => (u.id === updated.id ? updated : u)));
  };

  return (
    <div className="space-y-3" data-testid="app-users-panel">
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by e-mail or name"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-8"
        />
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {shown.length === all.length ? `${all.length} users` : `${shown.length} of ${all.length} users`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
          No user matches “{query.trim()}”.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="App users">
          {shown.map((user) => (
            <li
              key={user.id}
              data-testid="app-user-row"
              data-email={user.email}
              className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-border bg-background p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={user.email}>
                  {user.email}
                </p>
                {user.name ? <p className="truncate text-xs text-muted-foreground">{user.name}</p> : null}
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                  {user.emailVerified ? (
                    <Badge variant="success">Verified</Badge>
                  ) : (
                    <Badge variant="warning">Not verified</Badge>
                  )}
                  {user.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
                </div>
                <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                  <dt>Joined</dt>
                  <dd>
                    <time dateTime={user.createdAt}>{dateFormat.format(new Date(user.createdAt))}</time>
                  </dd>
                  <dt>Last seen</dt>
                  <dd>
                    {user.lastSeenAt ? (
                      <time dateTime={user.lastSeenAt}>
                        {dateTimeFormat.format(new Date(user.lastSeenAt))}
                      </time>
                    ) : (
                      "Never"
                    )}
                  </dd>
                </dl>
              </div>
              <Button
                size="sm"
                variant={user.disabled ? "outline" : "ghost"}
                aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
                onClick={() => {
                  setPending(user);
                  setConfirming(true);
                }}
              >
                {user.disabled ? "Enable" : "Disable"}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={pending?.disabled ? "Enable this user?" : "Disable this user?"}
        description={
          pending?.disabled
            ? `${pending.email} can sign in to the app again.`
            : `${pending?.email ?? ""} is signed out everywhere and cannot sign in until you enable them again.`
        }
        confirmLabel={pending?.disabled ? "Enable" : "Disable"}
        destructive={!pending?.disabled}
        onConfirm={async () => {
          if (pending) await toggle(pending, !pending.disabled);
        }}
      />
    </div>
  );
}
