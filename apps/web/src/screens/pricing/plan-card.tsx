import { type PlanCard as PlanCardData, type PlanCardState, planCardButtonLabel } from "@liftoff/domain";
import { Badge, Button, Card, cn } from "@liftoff/ui";
import { CheckIcon } from "lucide-react";
import { type BillingPeriod, planFeatureBullets, planPriceView } from "./plan-presentation.ts";

export type PlanCardProps = {
  card: PlanCardData;
  period: BillingPeriod;
  state: PlanCardState;
  onSelect: (card: PlanCardData) => void;
  /** Ribbon text above the card; defaults to 'Most popular' for the popular card. */
  ribbon?: string | null;
  /** Fewer feature bullets, for dialogs. */
  compact?: boolean;
  className?: string;
};

/** One plan of the pricing page and the upgrade dialog (data-testid plan-card-{id}). */
export function PlanCard({
  card,
  period,
  state,
  onSelect,
  ribbon,
  compact = false,
  className,
}: PlanCardProps) {
  const price = planPriceView(card, period);
  const bullets = planFeatureBullets(card.id);
  const shownBullets = compact ? bullets.slice(0, 3) : bullets;
  const ribbonText = ribbon === undefined ? (card.isMostPopular ? "Most popular" : null) : ribbon;
  const emphasised = ribbonText !== null;
  const inactive = state === "selected" || state === "disabled";
  const primary = !inactive && state !== "downgrade" && emphasised;

  return (
    <Card
      data-testid={`plan-card-${card.id}`}
      data-state={state}
      className={cn(
        "relative flex h-full flex-col",
        emphasised && "border-brand-300 shadow-md ring-1 ring-brand-300",
        state === "selected" && "border-success-border bg-success-subtle/40",
        // Not dimmed with opacity: that took its text under 4.5:1 (WCAG 1.4.3); a quieter
        // surface and border say "not for you" while the card stays readable.
        state === "disabled" && "border-dashed bg-muted/40 shadow-none",
        className,
      )}
    >
      {ribbonText ? (
        <div className="absolute -top-3 left-1/2 -translate-x-1/2">
          <span className="inline-flex items-center whitespace-nowrap rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground shadow-sm">
            {ribbonText}
          </span>
        </div>
      ) : null}

      <div className={cn("flex flex-1 flex-col p-5", compact ? "gap-4" : "gap-5")}>
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-base font-semibold tracking-tight">{card.name}</h3>
            {state === "selected" ? <Badge variant="success">Your plan</Badge> : null}
          </div>
          <p className={cn("min-h-15 text-13 leading-5 text-muted-foreground", compact && "line-clamp-3")}>
            {card.description}
          </p>
        </div>

        <div className="grid gap-1">
          <div className="flex flex-wrap items-baseline gap-x-1.5">
            {price.strikethrough ? (
              <span className="text-sm text-muted-foreground line-through">{price.strikethrough}</span>
            ) : null}
            <span
              className={cn("font-semibold tracking-tight tabular-nums", compact ? "text-2xl" : "text-3xl")}
            >
              {price.amount}
            </span>
            <span className="text-sm text-muted-foreground">{price.unit}</span>
          </div>
          <div className="flex min-h-5 flex-wrap items-center gap-2">
            <span className="text-xs text-muted-foreground">{price.note}</span>
            {price.savingsPercent !== null ? (
              <Badge variant="success" data-testid="plan-savings-badge">
                Save {price.savingsPercent}%
              </Badge>
            ) : null}
          </div>
        </div>

        <Button
          variant={primary ? "default" : inactive ? "secondary" : "outline"}
          disabled={inactive}
          onClick={() => onSelect(card)}
          className="w-full"
          data-testid={`plan-card-${card.id}-button`}
        >
          {planCardButtonLabel(card, state)}
        </Button>

        <ul className="grid gap-2 text-13">
          {shownBullets.map((bullet) => (
            <li key={bullet} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
