import type { Account, AppKind, UpgradeReason } from "@liftoff/domain";
import { Button, Progress } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { usageLevel } from "../settings/usage-rows.ts";

const TONE = { ok: "default", high: "warning", full: "destructive" } as const;

type Quota = { used: number; max: number; noun: string; reason: UpgradeReason };

/** The plan limit that binds a new app of `kind`: its own kind's limit, or the overall one. */
export function kindQuota(account: Account, kind: AppKind): Quota {
  const overall: Quota = { used: account.appsCount, max: account.maxApps, noun: "apps", reason: "max_apps" };
  const own: Quota | null =
    kind === "space"
      ? {
          used: account.spaceAppsCount,
          max: account.maxSpaceApps,
          noun: "space apps",
          reason: "max_space_apps",
        }
      : kind === "generated"
        ? {
            used: account.genAppsCount,
            max: account.maxGenApps,
            noun: "generated apps",
            reason: "max_gen_apps",
          }
        : null;
  // A full overall limit blocks every kind, so it wins; otherwise the kind's own limit shows.
  if (!own || overall.used >= overall.max) return overall;
  return own;
}

/**
 * "1 of 1 space apps used" in the New app dialog, above the name field so a builder learns
 * the limit before typing a name (issue 13). When full it offers the upgrade dialog for
 * that kind instead of letting the builder fill in a form the server will refuse.
 */
export function KindQuota({
  account,
  kind,
  onUpgrade,
}: {
  account: Account;
  kind: AppKind;
  onUpgrade: (reason: UpgradeReason) => void;
}) {
  const quota = kindQuota(account, kind);
  const level = usageLevel(quota.used, quota.max);
  const label = `${quota.used} of ${quota.max} ${quota.noun} used`;
  return (
    <div
      className="grid gap-2 rounded-lg border border-border bg-neutral-25 p-3"
      data-testid="apps-create-quota"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm">
        <span className="font-medium">{label}</span>
        {level === "full" ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onUpgrade(quota.reason)}
            data-testid="apps-create-quota-upgrade"
          >
            Upgrade plan
            <ArrowUpRightIcon />
          </Button>
        ) : (
          <span className="text-xs text-muted-foreground">{quota.max - quota.used} left on your plan</span>
        )}
      </div>
      <Progress value={quota.used} max={quota.max} tone={TONE[level]} aria-label={label} />
      {level === "full" ? (
        <p className="text-13 text-muted-foreground" data-testid="apps-create-quota-full">
          Your plan's {quota.noun} are all in use. Upgrade to create another, or delete one you no longer
          need.
        </p>
      ) : null}
    </div>
  );
}
