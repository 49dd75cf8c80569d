import type { SavedApp, ToolRunSummary } from "@liftoff/domain";
import { Button, Card, EmptyState, Skeleton, Spinner } from "@liftoff/ui";
import { ActivityIcon, ChevronRightIcon, RefreshCwIcon, UserIcon, UserRoundXIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { LoadError } from "../apps/load-error.tsx";
import { formatRelativeTime } from "../apps/relative-time.ts";
import { useResource } from "../apps/use-resource.ts";
import { RunDetailDialog } from "./run-detail-dialog.tsx";
import {
  formatCost,
  formatRunCredits,
  formatTokens,
  hasRunningRun,
  RUN_HISTORY_LIMIT,
  RUN_POLL_MS,
  runToolTitle,
} from "./run-history-model.ts";
import { RunStatusBadge } from "./run-status-badge.tsx";
import { savedAppApi } from "./saved-app-api.ts";

/**
 * Run history (issue 16): the app's latest runs by end users with their outcome, usage and
 * cost; one opens with its answers, blocks and, for a failure, the technical details only
 * the builder sees. Read again every 5 s while a run is still answering.
 */
export function RunHistoryPanel({ appId, app }: { appId: string; app: SavedApp }) {
  const runs = useResource(`tool-runs:${appId}`, () => savedAppApi.runs(appId, RUN_HISTORY_LIMIT));
  const [refreshing, setRefreshing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const running = runs.status === "success" && hasRunningRun(runs.data);
  const { refresh } = runs;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  async function refreshNow() {
    setRefreshing(true);
    try {
      await refresh();
    } finally {
      setRefreshing(false);
    }
  }

  const open = runs.status === "success" ? (runs.data.find((run) => run.id === openId) ?? null) : null;

  return (
    <div className="grid gap-4" data-testid="run-history">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 className="text-base font-semibold tracking-tight">Run history</h2>
          <p className="text-13 text-muted-foreground">
            What end users asked your {app.tools.length === 1 ? "tool" : "tools"} and what they got, newest
            first (the latest {RUN_HISTORY_LIMIT}).
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void refreshNow()}
          disabled={runs.status === "loading" || refreshing}
          data-testid="run-history-refresh"
        >
          {refreshing ? <Spinner size="xs" label="Refreshing" /> : <RefreshCwIcon />}
          Refresh
        </Button>
      </div>
      {runs.status === "loading" ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-[68px] rounded-xl" />
          ))}
        </div>
      ) : runs.status === "error" ? (
        <LoadError title="Couldn't load the runs" error={runs.error} onRetry={runs.reload} />
      ) : runs.data.length === 0 ? (
        <Card className="p-0">
          <EmptyState
            icon={ActivityIcon}
            title="No runs yet"
            description="No runs yet. Publish your app and run a tool to see its runs here."
            className="py-10"
          />
        </Card>
      ) : (
        <ul className="grid gap-2" aria-label="Runs" data-testid="run-list">
          {runs.data.map((run) => (
            <li key={run.id}>
              <RunRow
                run={run}
                title={runToolTitle(app.tools, run.toolId)}
                onOpen={() => setOpenId(run.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <RunDetailDialog
        run={open}
        app={app}
        onOpenChange={(next) => {
          if (!next) setOpenId(null);
        }}
      />
    </div>
  );
}

function RunRow({ run, title, onOpen }: { run: ToolRunSummary; title: string; onOpen: () => void }) {
  // Two short lines, so a phone wraps between them and not in the middle of one.
  const cost = [
    run.usage ? formatTokens(run.usage.totalTokens) : null,
    run.usage ? formatCost(run.usage.totalCost) : null,
    run.model,
  ].filter((fact): fact is string => Boolean(fact));
  const UserGlyph = run.signedIn ? UserIcon : UserRoundXIcon;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="run-row"
      data-status={run.status}
      className="flex w-full items-center gap-3 rounded-xl border border-border bg-background px-3.5 py-3 text-left transition-colors hover:border-neutral-400/70 hover:bg-neutral-25 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium">{title}</span>
          <RunStatusBadge status={run.status} />
        </span>
        <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <time dateTime={run.createdAt} title={new Date(run.createdAt).toLocaleString()}>
            {formatRelativeTime(run.createdAt)}
          </time>
          <span aria-hidden>·</span>
          <span className="inline-flex items-center gap-1">
            <UserGlyph className="size-3" aria-hidden />
            {run.signedIn ? "Signed in" : "Anonymous"}
          </span>
          <span aria-hidden>·</span>
          <span>{formatRunCredits(run)}</span>
        </span>
        {cost.length > 0 ? (
          <span className="truncate text-xs text-muted-foreground">{cost.join(" · ")}</span>
        ) : null}
      </span>
      <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
    </button>
  );
}
