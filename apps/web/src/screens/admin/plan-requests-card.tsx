import {
  PLAN_CARDS,
  type PlanId,
  type PlanRequest,
  planRequestSchema,
  planRequestsResponseSchema,
} from "@liftoff/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
} from "@liftoff/ui";
import { ArrowRightIcon, CheckIcon, InboxIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";

const DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const planName = (plan: PlanId | null) =>
  plan === null ? "Free" : (PLAN_CARDS.find((card) => card.id === plan)?.name ?? plan);

/**
 * Admin → Plan requests: what builders asked for with "Request this plan" (no payment
 * provider on this instance). Grant assigns the plan at once; both answers mail the
 * requester. `onAnswered` lets the users table show the new plan.
 */
export function PlanRequestsCard({ onAnswered }: { onAnswered?: () => void }) {
  const requests = useResource("admin-plan-requests", () =>
    api.get("/api/admin/plan-requests", planRequestsResponseSchema).then((res) => res.requests),
  );
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(row: PlanRequest, decision: "grant" | "decline") {
    setBusy(row.id);
    try {
      await api.post(`/api/admin/plan-requests/${row.id}`, { decision }, planRequestSchema);
      requests.setData((list) => list.filter((item) => item.id !== row.id));
      toast.success(
        decision === "grant"
          ? `${row.email} is now on ${planName(row.planId)}`
          : `Declined ${row.email}'s request for ${planName(row.planId)}`,
      );
      onAnswered?.();
    } catch (error) {
      toast.error(errorMessage(error));
      // Another admin may have answered it: show what is still waiting.
      void requests.refresh();
    } finally {
      setBusy(null);
    }
  }

  let body: React.ReactNode;
  if (requests.status === "loading") {
    body = <Skeleton className="h-14 rounded-lg" />;
  } else if (requests.status === "error") {
    body = <LoadError title="Couldn't load plan requests" error={requests.error} onRetry={requests.reload} />;
  } else if (requests.data.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <InboxIcon className="size-4" aria-hidden /> No requests waiting. When a builder asks for a plan, it
        shows here and you get an email.
      </p>
    );
  } else {
    body = (
      <ul
        className="grid divide-y divide-border rounded-lg border border-border"
        aria-label="Pending plan requests"
      >
        {requests.data.map((row) => (
          <li
            key={row.id}
            className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="plan-request-row"
          >
            <div className="grid min-w-0 gap-1">
              <p className="truncate text-sm font-medium">
                {row.name ? `${row.name} · ${row.email}` : row.email}
              </p>
              <p className="flex flex-wrap items-center gap-1.5 text-13 text-muted-foreground">
                <span>{planName(row.currentPlan)}</span>
                <ArrowRightIcon className="size-3.5" aria-label="to" />
                <Badge>{planName(row.planId)}</Badge>
                <span>· asked {DATE.format(new Date(row.createdAt))}</span>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={busy === row.id}
                onClick={() => void answer(row, "decline")}
                aria-label={`Decline ${row.email}'s request for ${planName(row.planId)}`}
              >
                <XIcon /> Decline
              </Button>
              <Button
                size="sm"
                disabled={busy === row.id}
                onClick={() => void answer(row, "grant")}
                aria-label={`Grant ${planName(row.planId)} to ${row.email}`}
              >
                <CheckIcon /> Grant {planName(row.planId)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card id="plan-requests" data-testid="admin-plan-requests">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="flex items-center gap-2">
            <InboxIcon className="size-4 text-muted-foreground" aria-hidden /> Plan requests
          </CardTitle>
          {requests.status === "success" && requests.data.length > 0 ? (
            <Badge variant="warning">{requests.data.length} waiting</Badge>
          ) : null}
        </div>
        <CardDescription>
          Online payments aren't set up, so builders ask for plans here. Granting assigns the plan at once.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
