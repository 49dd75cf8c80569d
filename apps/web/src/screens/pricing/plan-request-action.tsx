import type { PlanCard } from "@liftoff/domain";
import { Alert, Button, Skeleton } from "@liftoff/ui";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { usePlanRequest } from "./use-plan-request.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * The honest next step for a paid plan while this instance has no payment provider: ask
 * the admins for it ("Request this plan"). They are mailed, see it on the admin page and
 * grant it there; the plan applies as soon as they do. Used by the upgrade dialog, the
 * pricing page and /joinPlan.
 */
export function PlanRequestAction({
  card,
  signedIn,
}: {
  card: Pick<PlanCard, "id" | "name">;
  signedIn: boolean;
}) {
  const { pending, sending, request } = usePlanRequest();
  const [error, setError] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <Alert
        tone="info"
        title="Plans are assigned by the admin for now"
        data-testid="plan-request-signed-out"
      >
        Online payments aren't available on this Liftoff instance yet. Create a free account first, then
        request the {card.name} plan: the admins are told and assign it.
      </Alert>
    );
  }
  if (pending.status === "loading") return <Skeleton className="h-24 rounded-lg" />;

  const current = pending.status === "success" ? pending.data : null;
  if (current && current.planId === card.id) {
    return (
      <Alert tone="success" title={`You asked for the ${card.name} plan`} data-testid="plan-request-pending">
        Sent on {dateFormat.format(new Date(current.createdAt))}. The admins of this instance were told; the
        plan applies as soon as one of them grants it, and you'll get an email.
      </Alert>
    );
  }

  const send = async () => {
    setError(null);
    try {
      await request(card.id);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <div className="grid gap-3" data-testid="plan-request">
      <Alert tone="info" title="Plans are assigned by the admin for now">
        Online payments aren't available on this Liftoff instance yet. Request the {card.name} plan and the
        admins are told; it applies as soon as one of them grants it.
        {current ? ` This replaces your request for another plan.` : ""}
      </Alert>
      {error ? (
        <Alert tone="error" title="Couldn't send the request">
          {error}
        </Alert>
      ) : null}
      <Button size="lg" className="w-full" onClick={() => void send()} disabled={sending} aria-busy={sending}>
        <SendIcon />
        {sending ? "Sending…" : "Request this plan"}
      </Button>
    </div>
  );
}
