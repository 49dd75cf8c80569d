import { Alert, Button, Spinner } from "@liftoff/ui";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import type { AppAuthApi } from "./app-auth-api.ts";

export type VerifyEmailViewProps = {
  auth: AppAuthApi;
  oobCode: string;
  onContinue: () => void;
};

/** The landing of the verification mail link: confirms the address once, then offers sign-in. */
export function VerifyEmailView({ auth, oobCode, onContinue }: VerifyEmailViewProps) {
  const [state, setState] = useState<
    { kind: "busy" } | { kind: "done" } | { kind: "failed"; message: string }
  >({
    kind: "busy",
  });
  // StrictMode runs effects twice in development; a code can be used only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth
      .verify(oobCode)
      .then(() => setState({ kind: "done" }))
      .catch((err: unknown) => setState({ kind: "failed", message: errorMessage(err) }));
  }, [auth, oobCode]);

  if (state.kind === "busy") {
    return (
      <div className="flex items-center justify-center gap-3 py-6 text-sm text-muted-foreground">
        <Spinner label={null} /> Verifying your email…
      </div>
    );
  }
  return (
    <div className="grid gap-4" data-testid="app-verify-result">
      {state.kind === "done" ? (
        <Alert tone="success" title="Email verified">
          Your email address is confirmed. You can sign in now.
        </Alert>
      ) : (
        <Alert tone="error" title="Could not verify your email">
          {state.message}
        </Alert>
      )}
      <Button size="lg" className="w-full" onClick={onContinue} data-testid="app-verify-continue">
        Continue to sign in
      </Button>
    </div>
  );
}
