import { DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { Alert, Button } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";

/**
 * The month's data processing is used up (spec section 8 'Data limit banner'): new sources
 * wait ('Usage limit reached') until the month turns or the plan grows, so the upgrade is
 * one click away. Monetizer accounts are told 'If you need more space, let us know.' with
 * a Show plans button instead.
 */
export function DataLimitBanner({ onUpgrade }: { onUpgrade?: () => void }) {
  const upgrade = useUpgradeDialog();
  const navigate = useNavigate();
  const { account } = useSession();
  const monetizer = account?.plan === "monetizer";
  return (
    <Alert
      tone="warning"
      title={DATA_SOURCE_MESSAGES.dataLimit}
      data-testid="ds-data-limit"
      action={
        monetizer ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              onUpgrade?.();
              void navigate("/pricing");
            }}
            data-testid="ds-data-limit-plans"
          >
            Show plans
          </Button>
        ) : (
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
        )
      }
    >
      {monetizer ? DATA_SOURCE_MESSAGES.dataLimitMonetizer : null}
    </Alert>
  );
}
