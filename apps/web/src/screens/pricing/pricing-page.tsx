import type { PlanCard as PlanCardData } from "@liftoff/domain";
import { planCardState } from "@liftoff/domain";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  SegmentedControl,
  Skeleton,
} from "@liftoff/ui";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { ComparisonTable } from "./comparison-table.tsx";
import { PlanCard } from "./plan-card.tsx";
import { type BillingPeriod, bestYearlySavings } from "./plan-presentation.ts";
import { PlanRequestAction } from "./plan-request-action.tsx";
import { isLiteDisabled, usePlans } from "./use-plans.ts";

const SIGNUP_PATH = "/login?mode=signup";

export function PricingPage() {
  const plans = usePlans();
  const { status, account } = useSession();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [picked, setPicked] = useState<PlanCardData | null>(null);
  const signedIn = status === "signedIn";
  const currentPlan = signedIn ? (account?.plan ?? "lite") : null;

  function select(card: PlanCardData) {
    if (card.price === 0 && !signedIn) {
      navigate(SIGNUP_PATH);
      return;
    }
    setPicked(card);
  }

  const savings = plans.status === "success" ? bestYearlySavings(plans.data) : null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-13 font-semibold uppercase tracking-wider text-primary">Pricing</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
          Plans that grow with your apps
        </h1>
        <p className="mt-3 text-base text-muted-foreground">
          Start free, then move up when your apps need more runs, more tools, your own domain or paid
          memberships.
        </p>
      </header>

      <div className="mt-8 flex flex-col items-center gap-2">
        <div data-testid="pricing-billing-toggle">
          <SegmentedControl
            ariaLabel="Billing period"
            value={period}
            onChange={setPeriod}
            options={[
              { value: "monthly", label: <span data-testid="pricing-billing-monthly">Monthly</span> },
              { value: "yearly", label: <span data-testid="pricing-billing-yearly">Yearly</span> },
            ]}
          />
        </div>
        {savings !== null ? (
          <p className="text-13 font-medium text-success-text">Save up to {savings}% with yearly billing</p>
        ) : null}
      </div>

      <section aria-label="Plans" className="mt-10">
        {plans.status === "loading" ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-96 rounded-xl" />
            ))}
          </div>
        ) : plans.status === "error" ? (
          <LoadError title="Couldn't load the plans" error={plans.error} onRetry={plans.reload} />
        ) : (
          <div className="grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
            {plans.data.map((card) => (
              <PlanCard
                key={card.id}
                card={card}
                period={period}
                state={planCardState({
                  card,
                  currentPlan,
                  signedIn,
                  liteDisabled: isLiteDisabled(plans.data),
                })}
                onSelect={select}
              />
            ))}
          </div>
        )}
      </section>

      {plans.status === "success" && plans.data.length > 0 ? (
        <section aria-labelledby="compare-plans" className="mt-16">
          <h2 id="compare-plans" className="text-xl font-semibold tracking-tight">
            Compare plans
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Monthly limits reset at the start of each billing month.
          </p>
          <div className="mt-5">
            <ComparisonTable plans={plans.data} currentPlan={currentPlan} />
          </div>
        </section>
      ) : null}

      <Dialog open={picked !== null} onOpenChange={(open) => !open && setPicked(null)}>
        <DialogContent size="sm" data-testid="plan-request-dialog">
          <DialogHeader>
            <DialogTitle>{picked ? `The ${picked.name} plan` : "Plan"}</DialogTitle>
            <DialogDescription>{picked?.description}</DialogDescription>
          </DialogHeader>
          {picked ? <PlanRequestAction card={picked} signedIn={signedIn} /> : null}
          <DialogFooter>
            {signedIn ? (
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            ) : (
              <>
                <DialogClose asChild>
                  <Button variant="outline">Close</Button>
                </DialogClose>
                <Button asChild>
                  <Link to={SIGNUP_PATH}>Create a free account</Link>
                </Button>
              </>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
