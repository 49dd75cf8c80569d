import { planCardState, planIdSchema } from "@liftoff/domain";
import { Button, Card, EmptyState, Skeleton } from "@liftoff/ui";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { LoadError } from "../apps/load-error.tsx";
import type { BillingPeriod } from "./plan-presentation.ts";
import { SinglePlanPanel } from "./single-plan-panel.tsx";
import { isLiteDisabled, usePlans } from "./use-plans.ts";

/** /joinPlan?plan={id}: the single-plan upgrade view as a page. */
export function JoinPlanPage() {
  const [params] = useSearchParams();
  const parsedPlan = planIdSchema.safeParse(params.get("plan"));
  const planId = parsedPlan.success ? parsedPlan.data : null;
  const plans = usePlans();
  const { status, account } = useSession();
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const signedIn = status === "signedIn";

  const back = (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to="/pricing">
        <ArrowLeftIcon />
        All plans
      </Link>
    </Button>
  );

  let body: React.ReactNode;
  if (plans.status === "loading" || status === "loading") {
    body = <Skeleton className="h-96 rounded-xl" />;
  } else if (plans.status === "error") {
    body = <LoadError title="Couldn't load the plans" error={plans.error} onRetry={plans.reload} />;
  } else {
    const card = planId ? plans.data.find((plan) => plan.id === planId) : undefined;
    if (!card) {
      body = (
        <EmptyState
          icon={SearchXIcon}
          title="We couldn't find that plan"
          description="The link may be out of date. Pick a plan from the pricing page."
          action={
            <Button asChild>
              <Link to="/pricing">See all plans</Link>
            </Button>
          }
        />
      );
    } else {
      const redirectTo = encodeURIComponent(`/joinPlan?plan=${card.id}`);
      const state = planCardState({
        card,
        currentPlan: account?.plan ?? null,
        signedIn,
        liteDisabled: isLiteDisabled(plans.data),
      });
      body = (
        <Card className="p-5 sm:p-8">
          <SinglePlanPanel
            card={card}
            state={state}
            signedIn={signedIn}
            period={period}
            onPeriodChange={setPeriod}
            signedOutAction={
              <div className="grid gap-2">
                <Button size="lg" asChild className="w-full">
                  <Link to={`/login?mode=signup&redirectTo=${redirectTo}`} data-testid="join-plan-signup">
                    {card.price === 0 ? "Start for free" : "Create an account to continue"}
                  </Link>
                </Button>
                <p className="text-center text-13 text-muted-foreground">
                  Already have an account?{" "}
                  <Link
                    to={`/login?redirectTo=${redirectTo}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Log in
                  </Link>
                </p>
              </div>
            }
          />
        </Card>
      );
    }
  }

  const cardName =
    plans.status === "success" ? plans.data.find((plan) => plan.id === planId)?.name : undefined;
  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      {back}
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {cardName ? `Join the ${cardName} plan` : "Join a plan"}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Choose how you'd like to be billed and see everything the plan includes.
        </p>
      </header>
      {body}
    </div>
  );
}
