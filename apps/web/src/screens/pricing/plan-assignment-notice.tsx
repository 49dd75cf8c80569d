import { Alert } from "@liftoff/ui";

/**
 * Payments are not wired yet: say so plainly instead of pretending a checkout happened.
 * Used by the pricing page, the upgrade dialog and /joinPlan.
 */
export function PlanAssignmentNotice({ planName, signedIn }: { planName: string; signedIn: boolean }) {
  return (
    <Alert tone="info" title="Plans are assigned by the admin for now" data-testid="plan-assignment-notice">
      Online payments aren't available on this Liftoff instance yet.{" "}
      {signedIn
        ? `To move to the ${planName} plan, ask the admin of this instance to change your plan. It applies as soon as they save it.`
        : `Create a free account first, then ask the admin of this instance to move you to the ${planName} plan.`}
    </Alert>
  );
}
