import { CONTEXT_ITEM_STATUS_LABELS, type ContextItemStatus } from "@liftoff/domain";
import { Badge, type BadgeProps, Spinner } from "@liftoff/ui";

const VARIANTS: Record<ContextItemStatus, BadgeProps["variant"]> = {
  unsynced: "secondary",
  pending: "secondary",
  running: "default",
  synced: "success",
  error: "destructive",
  usage_limit_reached: "warning",
};

/** A data source's status in the spec's words, with a spinner while it is read. */
export function ContextItemStatusBadge({ status }: { status: ContextItemStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="ds-item-status" data-status={status}>
      {status === "running" ? <Spinner size="xs" label={null} /> : null}
      {CONTEXT_ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}
