import type { PlanCard, PlanId } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
import { CheckIcon, MinusIcon } from "lucide-react";
import { comparisonRows } from "./plan-presentation.ts";

/** Plan limits side by side: rows of limits, one column per plan. Scrolls sideways on phones. */
export function ComparisonTable({
  plans,
  currentPlan,
}: {
  plans: readonly PlanCard[];
  currentPlan: PlanId | null;
}) {
  const rows = comparisonRows(plans.map((plan) => plan.id));
  return (
    // On phones the table scrolls sideways; keyboard users scroll it with the arrow keys once
    // it has focus, so it is a named, focusable region (WCAG 2.1.1).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus to be scrolled by keyboard
      tabIndex={0}
      aria-label="Plan comparison"
      className="overflow-x-auto rounded-xl border border-border bg-card shadow-card"
      data-testid="pricing-comparison"
    >
      <table className="w-full min-w-[860px] border-collapse text-sm">
        <caption className="sr-only">Plan comparison</caption>
        <thead>
          <tr className="border-b border-border bg-muted">
            <th
              scope="col"
              className="sticky left-0 z-10 bg-muted px-4 py-3 text-left font-medium text-muted-foreground"
            >
              Feature
            </th>
            {plans.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={cn(
                  "px-3 py-3 text-center font-semibold",
                  plan.id === currentPlan && "bg-success-subtle text-success-text",
                )}
              >
                {plan.name}
                {plan.id === currentPlan ? (
                  <span className="block text-[11px] font-medium">Current plan</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-border last:border-b-0 hover:bg-muted/60">
              <th scope="row" className="sticky left-0 z-10 bg-card px-4 py-2.5 text-left font-medium">
                {row.label}
              </th>
              {row.values.map((value, index) => {
                const plan = plans[index];
                return (
                  <td
                    key={plan?.id ?? index}
                    className={cn(
                      "px-3 py-2.5 text-center tabular-nums",
                      plan?.id === currentPlan && "bg-success-subtle/50",
                    )}
                  >
                    {value === true ? (
                      <CheckIcon className="mx-auto size-4 text-success" aria-label="Included" />
                    ) : value === false ? (
                      <MinusIcon className="mx-auto size-4 text-neutral-300" aria-label="Not included" />
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
