import { type AppUserAuthResponse, AUTH_MESSAGES, isValidEmail } from "@liftoff/domain";
import { Alert, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { PasswordInput } from "../../screens/auth/password-input.tsx";
import type { AppAuthApi } from "./app-auth-api.ts";

export type SignInFormProps = {
  auth: AppAuthApi;
  email: string;
  setEmail: (email: string) => void;
  onForgot: () => void;
  onSignedIn: (session: AppUserAuthResponse) => void;
};

/** E-mail and password sign-in of an app's end user. */
export function SignInForm({ auth, email, setEmail, onForgot, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = "Enter your email address";
    if (!password) errors.password = "Enter your password";
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      form.focusFirstInvalid();
      return;
    }
    // Spec 5: an invalid e-mail on login reads like any other failed login.
    if (!isValidEmail(email)) {
      setError(AUTH_MESSAGES.invalidCredentials);
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await auth.logIn({ email: email.trim(), password }));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
      {error ? (
        <Alert tone="error" data-testid="app-login-error">
          {error}
        </Alert>
      ) : null}
      <Field label="Email" htmlFor="app-login-email" error={fieldErrors.email}>
        <Input
          id="app-login-email"
          data-testid="app-login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field
        label="Password"
        htmlFor="app-login-password"
        error={fieldErrors.password}
        labelAside={
          <Button
            type="button"
            variant="link"
            className="text-13"
            onClick={onForgot}
            data-testid="app-login-forgot"
          >
            Forgot password?
          </Button>
        }
      >
        <PasswordInput
          id="app-login-password"
          data-testid="app-login-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={busy} data-testid="app-login-submit">
        Sign in
      </Button>
    </form>
  );
}
