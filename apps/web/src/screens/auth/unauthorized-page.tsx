import { Button } from "@liftoff/ui";
import { LifeBuoyIcon, LogInIcon, ShieldAlertIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";

export const SUPPORT_EMAIL = "support@liftoff.dev";

/** /error/unauthorized?paymentId: account creation was refused (e.g. a purchase we could not match). */
export function UnauthorizedPage() {
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const subject = encodeURIComponent(paymentId ? `Access refused (payment ${paymentId})` : "Access refused");

  return (
    <AuthCard
      icon={<ShieldAlertIcon className="text-destructive" />}
      title="We couldn't give you access"
      description={
        paymentId
          ? "Your account could not be set up for this purchase. Your payment is safe: contact support with the reference below and we'll sort it out."
          : "Access to your account was refused. Try logging in again, or contact support if this keeps happening."
      }
    >
      <div className="grid gap-4">
        {paymentId ? (
          <div className="rounded-lg border border-border bg-muted px-4 py-3">
            <p className="text-xs font-medium text-muted-foreground">Payment reference</p>
            <p
              className="mt-0.5 font-mono text-sm break-all text-foreground"
              data-testid="unauthorized-payment-id"
            >
              {paymentId}
            </p>
          </div>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild size="lg" data-testid="unauthorized-login">
            <Link to="/login">
              <LogInIcon /> Log in again
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" data-testid="unauthorized-support">
            <a href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}>
              <LifeBuoyIcon /> Contact support
            </a>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
