import { AppError, AUTH_MESSAGES, isStrongPassword, okSchema, PASSWORD_MIN_LENGTH } from "@liftoff/domain";
import { Alert, Button, Field, Input, toast, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { SettingsSection } from "./settings-section.tsx";

type FieldErrors = { current?: string; next?: string; confirm?: string };

export function PasswordSettings() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<{ field: keyof FieldErrors | null; message: string } | null>(
    null,
  );
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!current) found.current = "Enter your current password";
    if (!isStrongPassword(next)) found.next = AUTH_MESSAGES.weakPassword;
    if (confirm !== next) found.confirm = "The passwords don't match";
    setErrors(found);
    setServerError(null);
    setDone(false);
    if (found.current || found.next || found.confirm) {
      form.focusFirstInvalid();
      return;
    }

    setBusy(true);
    try {
      await api.post(
        "/api/account/changePassword",
        { currentPassword: current, newPassword: next },
        okSchema,
      );
      setCurrent("");
      setNext("");
      setConfirm("");
      setDone(true);
      toast.success("Password changed");
    } catch (error) {
      if (error instanceof AppError && error.code === "INVALID_CREDENTIALS") {
        setServerError({ field: "current", message: error.message });
        form.focusFirstInvalid();
      } else if (error instanceof AppError && error.code === "WEAK_PASSWORD") {
        setServerError({ field: "next", message: AUTH_MESSAGES.weakPassword });
        form.focusFirstInvalid();
      } else {
        setServerError({ field: null, message: errorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  const clear = (key: keyof FieldErrors) => setErrors((prev) => ({ ...prev, [key]: undefined }));

  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs you out on your other devices."
      testId="settings-password"
    >
      <form ref={form.ref} onSubmit={submit} className="grid max-w-md gap-4" noValidate>
        {done ? (
          <Alert tone="success" title="Password changed" data-testid="settings-password-updated">
            Use your new password the next time you log in.
          </Alert>
        ) : null}
        <Field label="Current password" htmlFor="settings-password-current" error={errors.current}>
          <Input
            id="settings-password-current"
            data-testid="settings-password-current"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={serverError?.field === "current" || undefined}
            aria-describedby={serverError?.field === "current" ? "settings-password-error" : undefined}
            onChange={(event) => {
              setCurrent(event.target.value);
              clear("current");
            }}
          />
        </Field>
        <Field
          label="New password"
          htmlFor="settings-password-new"
          error={errors.next}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters with a letter and a number, or a passphrase of 16 or more.`}
        >
          <Input
            id="settings-password-new"
            data-testid="settings-password-new"
            type="password"
            autoComplete="new-password"
            value={next}
            aria-invalid={serverError?.field === "next" || undefined}
            aria-describedby={serverError?.field === "next" ? "settings-password-error" : undefined}
            onChange={(event) => {
              setNext(event.target.value);
              clear("next");
            }}
          />
        </Field>
        <Field label="Confirm new password" htmlFor="settings-password-confirm" error={errors.confirm}>
          <Input
            id="settings-password-confirm"
            data-testid="settings-password-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              clear("confirm");
            }}
          />
        </Field>
        {serverError ? (
          <Alert tone="error" id="settings-password-error" data-testid="settings-password-error">
            {serverError.message}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={busy} data-testid="settings-password-submit">
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
