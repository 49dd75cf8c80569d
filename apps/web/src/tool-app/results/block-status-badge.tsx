import type { BlockValidationStatus } from "@liftoff/domain";
import { Badge, Spinner } from "@liftoff/ui";
import { CircleCheckIcon, CircleXIcon, RotateCwIcon } from "lucide-react";

/** Texts of a checked block's badge (ours: the spec names the statuses, not their labels). */
export const BLOCK_STATUS_LABELS = {
  pending: "Checking",
  validated: "Checked",
  failed: "Check failed",
  retrying: "Retrying",
} as const;

/** The verdict of a block with validation features: pending, validated, failed; or retrying its one retry. */
export function BlockStatusBadge({ status, retrying }: { status: BlockValidationStatus; retrying: boolean }) {
  if (retrying)
    return (
      <Badge variant="warning">
        <RotateCwIcon aria-hidden="true" />
        {BLOCK_STATUS_LABELS.retrying}
      </Badge>
    );
  switch (status) {
    case "pending":
      return (
        <Badge variant="secondary">
          <Spinner size="xs" label={null} />
          {BLOCK_STATUS_LABELS.pending}
        </Badge>
      );
    case "validated":
      return (
        <Badge variant="success">
          <CircleCheckIcon aria-hidden="true" />
          {BLOCK_STATUS_LABELS.validated}
        </Badge>
      );
    case "failed":
      return (
        <Badge variant="destructive">
          <CircleXIcon aria-hidden="true" />
          {BLOCK_STATUS_LABELS.failed}
        </Badge>
      );
  }
}
