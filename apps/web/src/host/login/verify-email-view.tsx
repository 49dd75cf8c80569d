import type { AppUserAuthResponse } from "@liftoff/domain";
import { Alert, Button, Spinner } from "@liftoff/ui";
import { ArrowRightIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import type { AppAuthApi } from "./app-auth-api.ts";

export type VerifyEmailViewProps = {
  auth: AppAuthApi;
  oobCode: string;
  appName: string;
  /** The link confirmed the address and signed the user in: keep the session. */
  onSignedIn: (session: AppUserAuthResponse) => void;
  /** After a success: on to the app. */
  onContinue: () => void;
  /** After a failure: the sign-in form. */
  onSignIn: () => void;
};

/**
 * The landing of the verification mail link: confirms the address once, which also signs
 * the user in here (the link usually opens in a new tab, without the sign-up's session),
 * then leads into the app. A used or expired link leads to the sign-in form instead.
 */
export function VerifyEmailView({
  auth,
  oobCode,
  appName,
  onSignedIn,
  onContinue,
  onSignIn,
}: VerifyEmailViewProps) {
  const [state, setState] = useState<
    { kind: "busy" } | { kind: "done"; email: string } | { kind: "failed"; message: string }
  >({ kind: "busy" });
  // StrictMode runs effects twice in development; a code can be used only once.
  const started = useRef(false);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth
      .verify(oobCode)
      .then((session) => {
        onSignedInRef.current(session);
        setState({ kind: "done", email: session.user.email });
      })
      .catch((err: unknown) => setState({ kind: "failed", message: errorMessage(err) }));
  }, [auth, oobCode]);

  // The one thing to do next gets the focus, so Enter carries on.
  useEffect(() => {
    if (state.kind !== "busy") continueRef.current?.focus();
  }, [state.kind]);

  if (state.kind === "busy") {
    return (
      <div
        className="flex items-center justify-center gap-3 py-6 text-sm text-muted-foreground"
        aria-live="polite"
      >
        <Spinner label={null} /> Verifying your email…
      </div>
    );
  }
  if (state.kind === "failed") {
    return (
      <div className="grid gap-4" data-testid="app-verify-result">
        <Alert tone="error" title="Could not verify your email">
          {state.message}
        </Alert>
        <Button
          ref={continueRef}
          size="lg"
          className="w-full"
          onClick={onSignIn}
          data-testid="app-verify-continue"
        >
          Continue to sign in
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4" data-testid="app-verify-result">
      <Alert tone="success" title="You're signed in">
        Your email <span className="font-medium [overflow-wrap:anywhere]">{state.email}</span> is confirmed
        {appName ? ` and you're signed in to ${appName}` : ""}.
      </Alert>
      <Button
        ref={continueRef}
        size="lg"
        className="w-full"
        onClick={onContinue}
        data-testid="app-verify-continue"
      >
        {appName ? `Continue to ${appName}` : "Continue"}
        <ArrowRightIcon aria-hidden />
      </Button>
    </div>
  );
}
