import { AUTH_MESSAGES, isValidEmail } from "@liftoff/domain";
import { Alert, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { ArrowLeftIcon, MailCheckIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { AppAuthApi } from "./app-auth-api.ts";

export type ForgotPasswordFormProps = {
  auth: AppAuthApi;
  email: string;
  setEmail: (email: string) => void;
  onBack: () => void;
};

/** 'Forgot password?': mails a reset link leading back to this login page (mode=resetPassword). */
export function ForgotPasswordForm({ auth, email, setEmail, onBack }: ForgotPasswordFormProps) {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!isValidEmail(email)) {
      setFieldError(AUTH_MESSAGES.invalidEmail);
      form.focusFirstInvalid();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await auth.sendResetPasswordEmail(email.trim());
      setSentTo(email.trim());
    } catch {
      setError(AUTH_MESSAGES.resetMailFailed);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button type="button" variant="ghost" className="w-full text-muted-foreground" onClick={onBack}>
      <ArrowLeftIcon aria-hidden /> Back to sign in
    </Button>
  );

  if (sentTo) {
    return (
      <div className="grid gap-4" data-testid="app-reset-sent">
        <Alert tone="success" title="Check your inbox">
          If an account exists for <span className="font-medium">{sentTo}</span>, a link to reset your
          password is on its way.
        </Alert>
        {back}
      </div>
    );
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset password">
      <div className="flex items-start gap-3 text-sm text-muted-foreground">
        <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field label="Email" htmlFor="app-reset-email" error={fieldError}>
        <Input
          id="app-reset-email"
          data-testid="app-reset-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={busy} data-testid="app-reset-submit">
        Send reset link
      </Button>
      {back}
    </form>
  );
}
