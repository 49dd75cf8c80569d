import { AUTH_MESSAGES, isStrongPassword } from "@liftoff/domain";
import { Alert, Button, Field, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { PasswordInput } from "../../screens/auth/password-input.tsx";
import type { AppAuthApi } from "./app-auth-api.ts";

export type ResetPasswordFormProps = {
  auth: AppAuthApi;
  oobCode: string;
  onDone: () => void;
};

/** The landing of the reset mail link: choose a new password with the code from the link. */
export function ResetPasswordForm({ auth, oobCode, onDone }: ResetPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!isStrongPassword(password)) {
      setFieldError(AUTH_MESSAGES.resetWeakPassword);
      form.focusFirstInvalid();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await auth.resetPassword(oobCode, password);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.resetFailed));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="grid gap-4" data-testid="app-reset-done">
        <Alert tone="success">{AUTH_MESSAGES.resetSuccess}</Alert>
        <Button size="lg" className="w-full" onClick={onDone}>
          Continue to sign in
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={form.ref}
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label="Choose a new password"
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field label="New password" htmlFor="app-new-password" error={fieldError}>
        <PasswordInput
          id="app-new-password"
          data-testid="app-new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={busy} data-testid="app-new-password-submit">
        Set new password
      </Button>
    </form>
  );
}
