import { effectivePlan, formatDollars, nextPlanAbove } from "@liftoff/domain";
import { Badge, Button, Card, Progress, Skeleton } from "@liftoff/ui";
import { ArrowUpRightIcon, SparklesIcon } from "lucide-react";
import { Link } from "react-router";
import { planLabel } from "../../lib/plan-label.ts";
import { useSession } from "../../lib/session.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { usePlans } from "../pricing/use-plans.ts";
import { SettingsSection } from "./settings-section.tsx";
import { formatUsage, usagePercent, usageRows } from "./usage-rows.ts";

const TONE = { ok: "default", high: "warning", full: "destructive" } as const;

function CurrentPlanCard() {
  const { account } = useSession();
  const plans = usePlans();
  const upgrade = useUpgradeDialog();
  const planId = effectivePlan(account?.plan);
  const card = plans.status === "success" ? plans.data.find((plan) => plan.id === planId) : undefined;
  const canUpgrade = nextPlanAbove(planId) !== null;

  return (
    <Card className="flex flex-col gap-4 border-brand-200 bg-gradient-to-br from-brand-50/80 to-background p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
          <SparklesIcon className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold" data-testid="settings-plan-name">
              {card?.name ?? planLabel(account?.plan)} plan
            </h3>
            <Badge variant="success">Current plan</Badge>
          </div>
          {plans.status === "loading" ? (
            <Skeleton className="h-4 w-56" />
          ) : card ? (
            <p className="text-13 text-muted-foreground">
              {card.price > 0 ? `${formatDollars(card.discuountedPrice ?? card.price)} / month · ` : ""}
              {card.description}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button variant="outline" asChild>
          <Link to="/pricing">Compare plans</Link>
        </Button>
        {canUpgrade ? (
          <Button onClick={() => upgrade.open("default")} data-testid="settings-upgrade">
            Upgrade plan
            <ArrowUpRightIcon />
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export function PlanSettings() {
  const { account } = useSession();

  return (
    <SettingsSection
      title="Plan & usage"
      description="Your plan and what you've used this month."
      testId="settings-plan"
    >
      <div className="grid gap-6">
        <CurrentPlanCard />
        {account ? (
          <ul className="grid gap-5 sm:grid-cols-2" data-testid="settings-usage" aria-label="Usage">
            {usageRows(account).map((row) => (
              <li key={row.id} className="grid gap-2" data-testid={`settings-usage-${row.id}`}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium">{row.label}</span>
                  <span className="tabular-nums text-muted-foreground">{formatUsage(row)}</span>
                </div>
                <Progress
                  value={row.used}
                  max={row.total}
                  tone={TONE[row.level]}
                  aria-label={`${row.label}: ${formatUsage(row)}`}
                />
                {row.level === "full" ? (
                  <p className="text-xs text-destructive-text">Limit reached</p>
                ) : (
                  <p className="text-xs text-muted-foreground">{usagePercent(row)}% used</p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Usage appears once your account is set up.</p>
        )}
      </div>
    </SettingsSection>
  );
}
