import { DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { Alert, Button } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";

/**
 * The month's data processing is used up: new sources wait ('Usage limit reached') until the
 * month turns or the plan grows, so the upgrade is one click away (as AppRunsBanner does).
 */
export function DataLimitBanner({ onUpgrade }: { onUpgrade?: () => void }) {
  const upgrade = useUpgradeDialog();
  return (
    <Alert
      tone="warning"
      title={DATA_SOURCE_MESSAGES.dataLimit}
      data-testid="ds-data-limit"
      action={
        <Button
          size="sm"
          onClick={() => {
            onUpgrade?.();
            upgrade.open("data_processing_limit");
          }}
          data-testid="ds-data-limit-upgrade"
        >
          <ArrowUpRightIcon aria-hidden />
          Upgrade
        </Button>
      }
    />
  );
}
