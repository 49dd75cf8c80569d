import type { Account } from "@liftoff/domain";
import { Button, Card, Progress } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { planLabel } from "../../lib/plan-label.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { usageLevel } from "../settings/usage-rows.ts";

const TONE = { ok: "default", high: "warning", full: "destructive" } as const;

/** Apps used out of the plan's maximum, with a way up when it runs out. */
export function UsageStrip({ account }: { account: Account }) {
  const upgrade = useUpgradeDialog();
  const level = usageLevel(account.appsCount, account.maxApps);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6" data-testid="apps-usage">
      <div className="grid flex-1 gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium">
            {account.appsCount} of {account.maxApps} apps used
          </span>
          <span className="text-xs text-muted-foreground">{planLabel(account.plan)} plan</span>
        </div>
        <Progress
          value={account.appsCount}
          max={account.maxApps}
          tone={TONE[level]}
          aria-label={`${account.appsCount} of ${account.maxApps} apps used`}
        />
      </div>
      {level !== "ok" ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => upgrade.open(account.appsCount >= account.maxApps ? "max_apps" : "default")}
        >
          Upgrade plan
          <ArrowUpRightIcon />
        </Button>
      ) : null}
    </Card>
  );
}
