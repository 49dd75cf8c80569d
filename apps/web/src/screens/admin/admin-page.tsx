import { type AdminUser, adminUserSchema, adminUsersResponseSchema } from "@liftoff/domain";
import {
  Badge,
  Card,
  ConfirmDialog,
  cn,
  EmptyState,
  Input,
  inputClasses,
  PageHeader,
  Skeleton,
  Switch,
  toast,
} from "@liftoff/ui";
import { ChevronDownIcon, SearchIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { AiSettingsCard } from "./ai-settings-card.tsx";
import { ADMIN_PLAN_OPTIONS, planFromOption } from "./plan-options.ts";
import { PlanRequestsCard } from "./plan-requests-card.tsx";
import { useDebouncedValue } from "./use-debounced-value.ts";

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

const COLUMNS = ["E-mail", "Name", "Verified", "Plan", "Apps", "Disabled", "Created"] as const;

/** /admin: every user of the instance, with plan and disabled controls. */
export function AdminPage() {
  const { user: me } = useSession();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 300);
  const users = useResource(`admin-users:${query}`, () =>
    api
      .get(`/api/admin/users${query ? `?q=${encodeURIComponent(query)}` : ""}`, adminUsersResponseSchema)
      .then((res) => res.users),
  );
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [disabling, setDisabling] = useState<AdminUser | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  function replace(updated: AdminUser) {
    users.setData((list) => list.map((row) => (row.userId === updated.userId ? updated : row)));
  }

  async function withBusy(userId: string, work: () => Promise<void>) {
    setBusy((prev) => ({ ...prev, [userId]: true }));
    try {
      await work();
    } finally {
      setBusy((prev) => ({ ...prev, [userId]: false }));
    }
  }

  function changePlan(row: AdminUser, value: string) {
    const plan = planFromOption(value);
    void withBusy(row.userId, async () => {
      try {
        const updated = await api.post(`/api/admin/users/${row.userId}/plan`, { plan }, adminUserSchema);
        replace(updated);
        toast.success(
          `${row.email} is now on ${ADMIN_PLAN_OPTIONS.find((o) => o.value === value)?.label ?? value}`,
        );
      } catch (error) {
        toast.error(errorMessage(error));
      }
    });
  }

  async function setDisabled(row: AdminUser, disabled: boolean) {
    const updated = await api.post(`/api/admin/users/${row.userId}/disabled`, { disabled }, adminUserSchema);
    replace(updated);
    toast.success(disabled ? `${row.email} was disabled` : `${row.email} was enabled`);
  }

  let body: React.ReactNode;
  if (users.status === "loading") {
    body = Array.from({ length: 5 }, (_, i) => (
      <tr key={i} className="border-b border-border last:border-b-0">
        {COLUMNS.map((column) => (
          <td key={column} className="px-4 py-3.5">
            <Skeleton className="h-4 w-full max-w-32" />
          </td>
        ))}
      </tr>
    ));
  } else if (users.status === "success") {
    body = users.data.map((row) => {
      const isMe = row.userId === me?.id;
      return (
        <tr
          key={row.userId}
          data-testid="admin-user-row"
          className="border-b border-border last:border-b-0 hover:bg-muted/60"
        >
          <td className="px-4 py-3 font-medium">
            <span className="flex items-center gap-2">
              <span className="max-w-64 truncate" title={row.email}>
                {row.email}
              </span>
              {row.isAdmin ? <Badge variant="default">Admin</Badge> : null}
            </span>
          </td>
          <td className="max-w-48 truncate px-4 py-3 text-muted-foreground">{row.name || "—"}</td>
          <td className="px-4 py-3">
            {row.emailVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </td>
          <td className="px-4 py-3">
            <div className="relative w-40">
              <select
                aria-label={`Plan of ${row.email}`}
                data-testid="admin-plan-select"
                value={row.plan ?? ""}
                disabled={busy[row.userId]}
                onChange={(event) => changePlan(row, event.target.value)}
                className={cn(inputClasses, "h-8 cursor-pointer appearance-none py-0 pr-8 text-13")}
              >
                {ADMIN_PLAN_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <ChevronDownIcon
                className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
            </div>
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{row.appsCount}</td>
          <td className="px-4 py-3">
            <Switch
              aria-label={row.disabled ? `Enable ${row.email}` : `Disable ${row.email}`}
              title={isMe ? "You can't disable your own account" : undefined}
              data-testid="admin-disable-switch"
              checked={row.disabled}
              disabled={busy[row.userId] || isMe}
              onCheckedChange={(checked) => {
                if (checked) {
                  setDisabling(row);
                  setConfirmOpen(true);
                } else {
                  void withBusy(row.userId, async () => {
                    try {
                      await setDisabled(row, false);
                    } catch (error) {
                      toast.error(errorMessage(error));
                    }
                  });
                }
              }}
            />
          </td>
          <td
            className="whitespace-nowrap px-4 py-3 text-muted-foreground"
            title={new Date(row.createdAt).toLocaleString()}
          >
            {DATE.format(new Date(row.createdAt))}
          </td>
        </tr>
      );
    });
  }

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Admin"
        description="This Liftoff instance: its AI model, and its users' plans and access."
        className="pb-0"
      />
      <AiSettingsCard />
      <PlanRequestsCard onAnswered={() => void users.refresh()} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by e-mail or name"
            aria-label="Search users"
            className="pl-9"
            data-testid="admin-search"
          />
        </div>
        {users.status === "success" ? (
          <p className="text-13 text-muted-foreground" aria-live="polite">
            {users.data.length} {users.data.length === 1 ? "user" : "users"}
            {query ? ` matching "${query}"` : ""}
          </p>
        ) : null}
      </div>

      {users.status === "error" ? (
        <LoadError title="Couldn't load users" error={users.error} onRetry={users.reload} />
      ) : users.status === "success" && users.data.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title={query ? "No users match" : "No users yet"}
          description={
            query ? `Nobody's e-mail or name contains "${query}".` : "People who sign up appear here."
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <table
              className="w-full min-w-[900px] border-collapse text-sm"
              aria-busy={users.status === "loading"}
            >
              <thead>
                <tr className="border-b border-border bg-muted text-left">
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={cn(
                        "px-4 py-2.5 text-xs font-medium uppercase tracking-wider text-muted-foreground",
                        column === "Apps" && "text-right",
                      )}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{body}</tbody>
            </table>
          </div>
        </Card>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Disable ${disabling?.email ?? "this user"}?`}
        description="They won't be able to log in until you enable them again."
        confirmLabel="Disable user"
        destructive
        onConfirm={async () => {
          if (!disabling) return;
          const target = disabling;
          await withBusy(target.userId, () => setDisabled(target, true));
        }}
      />
    </div>
  );
}
