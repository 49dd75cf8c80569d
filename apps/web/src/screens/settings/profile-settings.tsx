import { okSchema, updateProfileBodySchema } from "@liftoff/domain";
import { Alert, Avatar, Button, Field, Input, toast, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { SettingsSection } from "./settings-section.tsx";

export function ProfileSettings() {
  const { user, account, refreshAccount } = useSession();
  const savedName = account?.name ?? user?.name ?? "";
  const email = account?.email ?? user?.email ?? "";
  const [name, setName] = useState(savedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  useEffect(() => setName(savedName), [savedName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(name.trim() ? "Use at most 120 characters" : "Enter your name");
      form.focusFirstInvalid();
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await api.post("/api/account/updateProfile", parsed.data, okSchema);
      await refreshAccount().catch(() => null);
      toast.success("Profile updated");
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title="Profile" description="How you appear in Liftoff." testId="settings-profile">
      <form ref={form.ref} onSubmit={submit} className="grid max-w-md gap-5" noValidate>
        <div className="flex items-center gap-3">
          <Avatar name={name || email || "?"} src={user?.image} size="xl" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{savedName || "No name yet"}</p>
            <p className="truncate text-13 text-muted-foreground">{email}</p>
          </div>
        </div>
        <Field label="Name" htmlFor="settings-name" error={nameError}>
          <Input
            id="settings-name"
            data-testid="settings-name"
            value={name}
            maxLength={120}
            autoComplete="name"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
        </Field>
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <div>
          <Button
            type="submit"
            loading={busy}
            disabled={name.trim() === savedName}
            data-testid="settings-name-submit"
          >
            Save changes
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
