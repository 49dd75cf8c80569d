import type { PlanCard } from "@liftoff/domain";
import { Badge, cn } from "@liftoff/ui";
import { CircleCheckIcon, CircleIcon } from "lucide-react";
import { type BillingPeriod, planPriceView } from "./plan-presentation.ts";

const PERIODS: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
];

/** The monthly / yearly choice of the single-plan upgrade view, as two selectable price tiles. */
export function BillingChoice({
  card,
  value,
  onChange,
}: {
  card: PlanCard;
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Billing period" className="grid gap-2 sm:grid-cols-2">
      {PERIODS.map((period) => {
        const price = planPriceView(card, period.value);
        const checked = value === period.value;
        const Icon = checked ? CircleCheckIcon : CircleIcon;
        return (
          <button
            key={period.value}
            type="button"
            role="radio"
            aria-checked={checked}
            data-testid={`upgrade-billing-${period.value}`}
            onClick={() => onChange(period.value)}
            className={cn(
              "flex flex-col items-start gap-1 rounded-lg border p-3.5 text-left transition-[border-color,box-shadow,background-color]",
              checked
                ? "border-primary bg-brand-50/60 ring-1 ring-primary"
                : "border-border bg-background hover:border-neutral-400/70",
            )}
          >
            <span className="flex w-full items-center justify-between gap-2">
              <span className="flex items-center gap-2 text-sm font-medium">
                <Icon className={cn("size-4", checked ? "text-primary" : "text-neutral-400")} aria-hidden />
                {period.label}
              </span>
              {price.savingsPercent !== null ? (
                <Badge variant="success" data-testid="plan-savings-badge">
                  Save {price.savingsPercent}%
                </Badge>
              ) : null}
            </span>
            <span className="mt-1 text-xl font-semibold tabular-nums">
              {price.amount} <span className="text-sm font-normal text-muted-foreground">{price.unit}</span>
            </span>
            <span className="text-xs text-muted-foreground">{price.note}</span>
          </button>
        );
      })}
    </div>
  );
}
