import type { PlanCard, PlanCardState } from "@liftoff/domain";
import { Alert, Badge } from "@liftoff/ui";
import { CheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BillingChoice } from "./billing-choice.tsx";
import { type BillingPeriod, planFeatureBullets, planPriceView } from "./plan-presentation.ts";
import { PlanRequestAction } from "./plan-request-action.tsx";

export type SinglePlanPanelProps = {
  card: PlanCard;
  state: PlanCardState;
  signedIn: boolean;
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  /** Shown instead of the continue button for signed-out visitors (e.g. a sign-up link). */
  signedOutAction?: ReactNode;
};

function hasYearlyOption(card: PlanCard): boolean {
  return card.price > 0 && !card.oneTimePayment && card.priceYearly !== null && card.priceYearly > 0;
}

/**
 * The single-plan variant of the upgrade dialog (spec section 2), also used by /joinPlan:
 * the plan's features, a monthly/yearly choice and an honest next step.
 */
export function SinglePlanPanel({
  card,
  state,
  signedIn,
  period,
  onPeriodChange,
  signedOutAction,
}: SinglePlanPanelProps) {
  const price = planPriceView(card, period);

  let action: ReactNode;
  if (state === "selected") {
    action = <Alert tone="success" title="This is your current plan" />;
  } else if (state === "disabled") {
    action = <Alert tone="warning" title="This plan isn't open for new accounts on this instance" />;
  } else if (!signedIn && signedOutAction) {
    action = (
      <div className="grid gap-3">
        {signedOutAction}
        {card.price > 0 ? <PlanRequestAction card={card} signedIn={false} /> : null}
      </div>
    );
  } else {
    action = <PlanRequestAction card={card} signedIn={signedIn} />;
  }

  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8" data-testid={`single-plan-${card.id}`}>
      <div className="grid content-start gap-4">
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-semibold tracking-tight">{card.name}</h3>
            {card.isMostPopular ? <Badge>Most popular</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{card.description}</p>
        </div>
        <ul className="grid gap-2 text-sm">
          {planFeatureBullets(card.id).map((bullet) => (
            <li key={bullet} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="grid content-start gap-4">
        {hasYearlyOption(card) ? (
          <BillingChoice card={card} value={period} onChange={onPeriodChange} />
        ) : (
          <div className="rounded-lg border border-border p-4">
            <p className="text-3xl font-semibold tracking-tight tabular-nums">
              {price.amount} <span className="text-sm font-normal text-muted-foreground">{price.unit}</span>
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{price.note}</p>
          </div>
        )}
        {action}
      </div>
    </div>
  );
}
