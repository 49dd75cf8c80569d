import type { Account } from "@liftoff/domain";
import { Alert, Button } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { useUpgradeDialog } from "../screens/pricing/upgrade-dialog.tsx";
import { appRunsLimit } from "./app-runs-limit.ts";

const count = new Intl.NumberFormat("en-US");

/**
 * The builder's notice about their app runs (issue 16), on the apps dashboard and in the
 * builder: a warning once the plan's runs are used up (visitors then see the tools as
 * unavailable), a softer one from 80 % (one short line: the builder's panel is narrow on a
 * phone), both with the upgrade dialog for 'app_runs_limit'.
 * Nothing below 80 % or without an account.
 */
export function AppRunsBanner({ account, className }: { account: Account | null; className?: string }) {
  const upgrade = useUpgradeDialog();
  if (!account) return null;
  const limit = appRunsLimit(account);
  if (limit.level === "none") return null;
  const reached = limit.level === "reached";
  return (
    <Alert
      tone={reached ? "warning" : "info"}
      className={className}
      data-testid="app-runs-banner"
      data-level={limit.level}
      title={
        reached
          ? `Your apps have used all ${count.format(limit.total)} runs of your plan: visitors see your tools as unavailable.`
          : // A no-break space keeps '82 %' together when the line wraps.
            `Your apps have used ${limit.percent}\u00a0% of their runs`
      }
      action={
        <Button
          size="sm"
          variant={reached ? "default" : "outline"}
          onClick={() => upgrade.open("app_runs_limit")}
          data-testid="app-runs-upgrade"
        >
          <ArrowUpRightIcon />
          Upgrade
        </Button>
      }
    />
  );
}
