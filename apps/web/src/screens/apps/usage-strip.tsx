import type { Account, UpgradeReason } from "@liftoff/domain";
import { Button, Card, Progress } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { planLabel } from "../../lib/plan-label.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { usageLevel } from "../settings/usage-rows.ts";

const TONE = { ok: "default", high: "warning", full: "destructive" } as const;

type Meter = { used: number; max: number; noun: string; reason: UpgradeReason; testId: string };

/**
 * Apps used out of the plan's maximum, and space apps out of theirs (the kind that can be
 * created today has the smaller limit, issue 13), with a way up when either runs out.
 */
export function UsageStrip({ account }: { account: Account }) {
  const upgrade = useUpgradeDialog();
  const meters: Meter[] = [
    {
      used: account.appsCount,
      max: account.maxApps,
      noun: "apps",
      reason: "max_apps",
      testId: "apps-usage-all",
    },
    {
      used: account.spaceAppsCount,
      max: account.maxSpaceApps,
      noun: "space apps",
      reason: "max_space_apps",
      testId: "apps-usage-space",
    },
  ];
  const full = meters.find((m) => usageLevel(m.used, m.max) === "full");
  const high = meters.some((m) => usageLevel(m.used, m.max) !== "ok");
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6" data-testid="apps-usage">
      <div className="grid flex-1 gap-3 sm:grid-cols-2 sm:gap-6">
        {meters.map((m) => {
          const label = `${m.used} of ${m.max} ${m.noun} used`;
          return (
            <div key={m.testId} className="grid gap-2" data-testid={m.testId}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{label}</span>
                {m.reason === "max_apps" ? (
                  <span className="text-xs text-muted-foreground">{planLabel(account.plan)} plan</span>
                ) : null}
              </div>
              <Progress
                value={m.used}
                max={m.max}
                tone={TONE[usageLevel(m.used, m.max)]}
                aria-label={label}
              />
            </div>
          );
        })}
      </div>
      {high ? (
        <Button variant="outline" size="sm" onClick={() => upgrade.open(full ? full.reason : "default")}>
          Upgrade plan
          <ArrowUpRightIcon />
        </Button>
      ) : null}
    </Card>
  );
}
