import {
  AppError,
  AUTH_MESSAGES,
  emailChangeResponseSchema,
  isValidEmail,
  normalizeEmail,
} from "@liftoff/domain";
import { Alert, Badge, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { SettingsSection } from "./settings-section.tsx";

type FieldErrors = { newEmail?: string; password?: string };

/** Spec section 8: the e-mail change messages, and which field a server error belongs to. */
export function emailChangeError(error: unknown): { field: keyof FieldErrors | null; message: string } {
  if (error instanceof AppError) {
    if (error.code === "auth/email-already-exists" || error.code === "EMAIL_IN_USE" || error.status === 409) {
      return { field: "newEmail", message: AUTH_MESSAGES.emailChangeInUse };
    }
    if (error.code === "INVALID_EMAIL") return { field: "newEmail", message: AUTH_MESSAGES.invalidEmail };
    if (error.code === "INVALID_CREDENTIALS") return { field: "password", message: error.message };
  }
  return { field: null, message: AUTH_MESSAGES.emailChangeFailed };
}

export function EmailSettings() {
  const { user, account } = useSession();
  const currentEmail = account?.email ?? user?.email ?? "";
  const verified = account?.emailVerified ?? user?.emailVerified ?? false;
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  // Server errors show once, in an alert; the field they concern is outlined, described by
  // that alert and focused.
  const [serverError, setServerError] = useState<ReturnType<typeof emailChangeError> | null>(null);
  // The address a confirmation link went to: the change completes when it is opened there.
  const [pendingTo, setPendingTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {};
    const email = normalizeEmail(newEmail);
    if (!isValidEmail(email)) next.newEmail = AUTH_MESSAGES.invalidEmail;
    else if (email === normalizeEmail(currentEmail)) next.newEmail = "This is already your e-mail address";
    if (!password) next.password = "Enter your current password";
    setErrors(next);
    setServerError(null);
    if (next.newEmail || next.password) {
      form.focusFirstInvalid();
      return;
    }

    setBusy(true);
    try {
      const res = await api.post(
        "/api/account/completeEmailChange",
        { newEmail: email, password },
        emailChangeResponseSchema,
      );
      setPendingTo(res.pendingEmail);
      setNewEmail("");
      setPassword("");
    } catch (error) {
      const refusal = emailChangeError(error);
      setServerError(refusal);
      if (refusal.field) form.focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title="Email"
      description="The address you sign in with and where we send account e-mails."
      testId="settings-email"
    >
      <div className="grid max-w-md gap-6">
        <div className="grid gap-1.5">
          <p className="text-13 font-medium text-neutral-800">Current e-mail</p>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm" data-testid="settings-email-current">
              {currentEmail}
            </span>
            {verified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </div>
        </div>

        {pendingTo ? (
          <Alert tone="success" title={AUTH_MESSAGES.emailChangePending} data-testid="settings-email-pending">
            <p>
              We sent a confirmation link to <strong className="font-semibold">{pendingTo}</strong>. Your
              sign-in address changes when you open it; until then it stays {currentEmail}.
            </p>
          </Alert>
        ) : null}

        <form ref={form.ref} onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="New e-mail" htmlFor="settings-email-new" error={errors.newEmail}>
            <Input
              id="settings-email-new"
              data-testid="settings-email-new"
              type="email"
              autoComplete="email"
              value={newEmail}
              aria-invalid={serverError?.field === "newEmail" || undefined}
              aria-describedby={serverError?.field === "newEmail" ? "settings-email-error" : undefined}
              onChange={(event) => {
                setNewEmail(event.target.value);
                setErrors((prev) => ({ ...prev, newEmail: undefined }));
              }}
            />
          </Field>
          <Field
            label="Current password"
            htmlFor="settings-email-password"
            error={errors.password}
            hint="For your security, confirm it's you before changing your e-mail."
          >
            <Input
              id="settings-email-password"
              data-testid="settings-email-password"
              type="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={serverError?.field === "password" || undefined}
              aria-describedby={serverError?.field === "password" ? "settings-email-error" : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((prev) => ({ ...prev, password: undefined }));
              }}
            />
          </Field>
          {serverError ? (
            <Alert tone="error" id="settings-email-error" data-testid="settings-email-error">
              {serverError.message}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" loading={busy} data-testid="settings-email-submit">
              Change e-mail
            </Button>
          </div>
        </form>
      </div>
    </SettingsSection>
  );
}
