import {
  effectivePlan,
  isPlanAtOrAbove,
  type PlanCard as PlanCardData,
  type PlanId,
  planCardState,
  UPGRADE_REASON_COPY,
  type UpgradeReason,
  upgradeTargetPlan,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  SegmentedControl,
  Skeleton,
} from "@liftoff/ui";
import { ArrowLeftIcon, ArrowUpRightIcon } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Link, useInRouterContext, useLocation, useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { PlanCard } from "./plan-card.tsx";
import { type BillingPeriod, bestYearlySavings } from "./plan-presentation.ts";
import { SinglePlanPanel } from "./single-plan-panel.tsx";
import { isLiteDisabled, usePlans } from "./use-plans.ts";

export type UpgradeDialogOptions = {
  /** Show only this plan, with the monthly/yearly choice (the single-plan variant). */
  planId?: PlanId;
};

export type UpgradeDialogApi = {
  open(reason?: UpgradeReason, options?: UpgradeDialogOptions): void;
};

const UpgradeDialogContext = createContext<UpgradeDialogApi | null>(null);

/** The query parameter value that opens the dialog on any page (spec section 2). */
export const UPGRADE_GOTO_VALUE = "upgrade_app_plan";

type DialogState = { open: boolean; reason: UpgradeReason; planId: PlanId | null };

export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, reason: "default", planId: null });
  const inRouter = useInRouterContext();

  const open = useCallback((reason: UpgradeReason = "default", options: UpgradeDialogOptions = {}) => {
    setState({ open: true, reason, planId: options.planId ?? null });
  }, []);
  const value = useMemo<UpgradeDialogApi>(() => ({ open }), [open]);

  return (
    <UpgradeDialogContext.Provider value={value}>
      {children}
      {inRouter ? <UpgradeGotoWatcher onOpen={open} /> : null}
      <UpgradeDialog
        open={state.open}
        onOpenChange={(next) => setState((prev) => ({ ...prev, open: next }))}
        reason={state.reason}
        planId={state.planId}
      />
    </UpgradeDialogContext.Provider>
  );
}

export function useUpgradeDialog(): UpgradeDialogApi {
  const value = useContext(UpgradeDialogContext);
  if (!value) throw new Error("useUpgradeDialog must be used inside <UpgradeDialogProvider>");
  return value;
}

/** Opens the dialog for `?goto=upgrade_app_plan` once signed in, then drops the parameter. */
function UpgradeGotoWatcher({ onOpen }: { onOpen: UpgradeDialogApi["open"] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();

  useEffect(() => {
    if (status !== "signedIn") return;
    const params = new URLSearchParams(location.search);
    if (params.get("goto") !== UPGRADE_GOTO_VALUE) return;
    params.delete("goto");
    onOpen("default");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true },
    );
  }, [status, location.pathname, location.search, location.hash, navigate, onOpen]);

  return null;
}

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reason: UpgradeReason;
  planId?: PlanId | null;
};

/** The reusable upgrade-plan dialog (data-testid upgrade-dialog). */
export function UpgradeDialog({ open, onOpenChange, reason, planId = null }: UpgradeDialogProps) {
  const [focused, setFocused] = useState<PlanId | null>(planId);
  const [forcedSingle, setForcedSingle] = useState(planId !== null);

  // Each opening starts from what the caller asked for.
  useEffect(() => {
    if (open) {
      setFocused(planId);
      setForcedSingle(planId !== null);
    }
  }, [open, planId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={focused ? "lg" : "xl"} data-testid="upgrade-dialog" aria-describedby={undefined}>
        {open ? (
          <UpgradeDialogBody
            reason={reason}
            focused={focused}
            canGoBack={!forcedSingle}
            onFocus={setFocused}
            onClose={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UpgradeDialogBody({
  reason,
  focused,
  canGoBack,
  onFocus,
  onClose,
}: {
  reason: UpgradeReason;
  focused: PlanId | null;
  canGoBack: boolean;
  onFocus: (plan: PlanId | null) => void;
  onClose: () => void;
}) {
  const plans = usePlans();
  const { status, account } = useSession();
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const copy = UPGRADE_REASON_COPY[reason];
  const signedIn = status === "signedIn";
  const currentPlan = account?.plan ?? null;

  const header = (
    <DialogHeader>
      <DialogTitle>{copy.title}</DialogTitle>
      <DialogDescription>{copy.description}</DialogDescription>
    </DialogHeader>
  );

  if (plans.status === "loading") {
    return (
      <>
        {header}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      </>
    );
  }
  if (plans.status === "error") {
    return (
      <>
        {header}
        <LoadError title="Couldn't load the plans" error={plans.error} onRetry={plans.reload} />
      </>
    );
  }

  const liteDisabled = isLiteDisabled(plans.data);
  const stateOf = (card: PlanCardData) => planCardState({ card, currentPlan, signedIn, liteDisabled });
  // Plans that lift the limit (at or above the reason's minimum), never below the current plan.
  const eligible = plans.data.filter(
    (card) => isPlanAtOrAbove(card.id, copy.minPlan) && isPlanAtOrAbove(card.id, effectivePlan(currentPlan)),
  );
  const choices = eligible.filter((card) => stateOf(card) !== "selected");
  const target = upgradeTargetPlan({ reason, plan: currentPlan });
  const singleId = focused ?? (choices.length === 1 ? choices[0]?.id : null) ?? null;
  const single = singleId ? plans.data.find((card) => card.id === singleId) : undefined;

  const pricingLink = (
    <Button variant="link" asChild>
      <Link to="/pricing" onClick={onClose}>
        Compare all plans
        <ArrowUpRightIcon />
      </Link>
    </Button>
  );

  if (single) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            {focused && reason === "default" ? `Upgrade to ${single.name}` : copy.title}
          </DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <SinglePlanPanel
          key={single.id}
          card={single}
          state={stateOf(single)}
          signedIn={signedIn}
          period={period}
          onPeriodChange={setPeriod}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
          {focused && canGoBack && choices.length > 1 ? (
            <Button variant="ghost" size="sm" onClick={() => onFocus(null)}>
              <ArrowLeftIcon />
              All plans
            </Button>
          ) : (
            <span />
          )}
          {pricingLink}
        </div>
      </>
    );
  }

  if (choices.length === 0) {
    return (
      <>
        {header}
        <Alert tone="info" title="No higher plan lifts this limit">
          Your plan already includes everything a higher plan could add here. Ask the admin of this Liftoff
          instance if you need more.
        </Alert>
        <div className="flex justify-end">{pricingLink}</div>
      </>
    );
  }

  const savings = bestYearlySavings(eligible);
  return (
    <>
      {header}
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedControl
          ariaLabel="Billing period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: "monthly", label: "Monthly" },
            { value: "yearly", label: "Yearly" },
          ]}
        />
        {savings !== null ? (
          <span className="text-13 font-medium text-success-text">Save up to {savings}% yearly</span>
        ) : null}
      </div>
      <div className="grid gap-x-4 gap-y-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
        {eligible.map((card) => (
          <PlanCard
            key={card.id}
            card={card}
            period={period}
            state={stateOf(card)}
            compact
            ribbon={card.id === target ? "Recommended" : undefined}
            onSelect={(picked) => onFocus(picked.id)}
          />
        ))}
      </div>
      <div className="flex justify-end border-t border-border pt-4">{pricingLink}</div>
    </>
  );
}
