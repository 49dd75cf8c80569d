import { AUTH_MESSAGES, isValidEmail, okSchema } from "@liftoff/domain";
import { Alert, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { ArrowLeftIcon, MailCheckIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api.ts";

export type ResetRequestFormProps = {
  email: string;
  setEmail: (email: string) => void;
  /** Search string of the sign-in view to go back to. */
  backTo: string;
};

/** 'Forgot password?': POST /api/account/sendResetPasswordEmail, then "check your inbox". */
export function ResetRequestForm({ email, setEmail, backTo }: ResetRequestFormProps) {
  const [params] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useFocusFirstInvalid();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

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
      const mainAppId = params.get("mainAppId") || undefined;
      await api.post(
        "/api/account/sendResetPasswordEmail",
        { email: email.trim(), mainAppId, continueUrl: "/login" },
        okSchema,
      );
      setSentTo(email.trim());
    } catch {
      setError(AUTH_MESSAGES.resetMailFailed);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button asChild variant="ghost" className="w-full text-muted-foreground">
      <Link to={{ pathname: "/login", search: backTo }} data-testid="reset-back">
        <ArrowLeftIcon /> Back to sign in
      </Link>
    </Button>
  );

  if (sentTo) {
    return (
      <div className="grid gap-4">
        <Alert tone="success" title="Check your inbox" data-testid="reset-sent">
          If an account exists for <span className="font-medium">{sentTo}</span>, we've sent a link to reset
          your password. It may take a minute to arrive; check your spam folder too.
        </Alert>
        <div className="flex items-center justify-center gap-2 text-13 text-muted-foreground">
          <MailCheckIcon className="size-4" aria-hidden /> Didn't get it?
          <button
            type="button"
            className="rounded font-medium text-primary hover:underline underline-offset-4"
            onClick={() => setSentTo(null)}
          >
            Send again
          </button>
        </div>
        {back}
      </div>
    );
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset password">
      {error ? (
        <Alert tone="error" data-testid="reset-error">
          {error}
        </Alert>
      ) : null}
      <Field label="Email" htmlFor="reset-email" error={fieldError}>
        <Input
          ref={inputRef}
          id="reset-email"
          data-testid="reset-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={busy} data-testid="reset-submit">
        Send reset link
      </Button>
      {back}
    </form>
  );
}
