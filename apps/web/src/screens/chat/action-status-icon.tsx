import { cn, Spinner } from "@liftoff/ui";
import { CircleCheckIcon, CircleDashedIcon, CircleXIcon } from "lucide-react";
import type { ActionState } from "./message-blocks.ts";

const LABELS: Record<ActionState, string> = {
  writing: "Writing",
  pending: "Waiting to apply",
  applied: "Applied",
  failed: "Failed",
  skipped: "Not applied",
};

/** The status mark of an action or a group: spinner while written, check, cross. */
export function ActionStatusIcon({ state, className }: { state: ActionState; className?: string }) {
  const label = LABELS[state];
  if (state === "writing" || state === "pending")
    return <Spinner size="sm" label={label} className={cn("text-primary", className)} />;
  const Icon = state === "applied" ? CircleCheckIcon : state === "failed" ? CircleXIcon : CircleDashedIcon;
  return (
    <Icon
      role="img"
      aria-label={label}
      className={cn(
        "size-4 shrink-0",
        state === "applied" && "text-success",
        state === "failed" && "text-destructive",
        state === "skipped" && "text-muted-foreground",
        className,
      )}
    />
  );
}
