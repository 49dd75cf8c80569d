import type { ToolRunSummary } from "@liftoff/domain";
import { Badge, Spinner } from "@liftoff/ui";

const STATUS_BADGES = {
  success: { label: "Success", variant: "success" },
  error: { label: "Error", variant: "destructive" },
  running: { label: "Running", variant: "default" },
} as const;

/** The status of a run as a badge (a spinner while it runs). */
export function RunStatusBadge({ status }: { status: ToolRunSummary["status"] }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge variant={badge.variant} data-testid="run-status" data-status={status}>
      {status === "running" ? <Spinner size="xs" label="Running" /> : null}
      {badge.label}
    </Badge>
  );
}
