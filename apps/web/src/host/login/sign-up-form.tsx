import { type AppUserAuthResponse, AUTH_MESSAGES, isStrongPassword, isValidEmail } from "@liftoff/domain";
import { Alert, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { PasswordInput } from "../../screens/auth/password-input.tsx";
import type { AppAuthApi } from "./app-auth-api.ts";

export type SignUpFormProps = {
  auth: AppAuthApi;
  email: string;
  setEmail: (email: string) => void;
  onSignedIn: (session: AppUserAuthResponse) => void;
};

/** Creates an end-user account of this app (sign-up is per app: the platform account is separate). */
export function SignUpForm({ auth, email, setEmail, onSignedIn }: SignUpFormProps) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const errors: typeof fieldErrors = {};
    if (!isValidEmail(email)) errors.email = AUTH_MESSAGES.invalidEmail;
    if (!isStrongPassword(password)) errors.password = AUTH_MESSAGES.weakPassword;
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      form.focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const trimmedName = name.trim();
      onSignedIn(
        await auth.signUp({ email: email.trim(), password, ...(trimmedName ? { name: trimmedName } : {}) }),
      );
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign up">
      {error ? (
        <Alert tone="error" data-testid="app-signup-error">
          {error}
        </Alert>
      ) : null}
      <Field label="Name" htmlFor="app-signup-name">
        <Input
          id="app-signup-name"
          data-testid="app-signup-name"
          autoComplete="name"
          placeholder="Your name"
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label="Email" htmlFor="app-signup-email" error={fieldErrors.email}>
        <Input
          id="app-signup-email"
          data-testid="app-signup-email"
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
        htmlFor="app-signup-password"
        error={fieldErrors.password}
        hint="At least 8 characters, with letters and numbers"
      >
        <PasswordInput
          id="app-signup-password"
          data-testid="app-signup-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={busy} data-testid="app-signup-submit">
        Create account
      </Button>
    </form>
  );
}
