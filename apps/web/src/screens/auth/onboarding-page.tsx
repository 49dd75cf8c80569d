import { type AppKind, initialAppKind, okSchema, postLoginRedirect } from "@liftoff/domain";
import { Alert, Button, Field, Input, useFocusFirstInvalid } from "@liftoff/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { readPreferredAppKind, savePreferredAppKind } from "../../lib/preferred-app-kind.ts";
import { useSession } from "../../lib/session.tsx";
import { AppKindPicker } from "../apps/app-kind-picker.tsx";

/** After the first sign-in: the display name and the first kind of app, then on to the apps. */
export function OnboardingPage() {
  const { user, account, refreshAccount } = useSession();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user?.name ?? "");
  // Kinds not built yet cannot be picked, so the answer is always one the dialog can use.
  const [kind, setKind] = useState<AppKind>(() => initialAppKind(readPreferredAppKind()));
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const next = postLoginRedirect({ query: {}, user: { emailVerified: true }, account });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setNameError("Enter your name");
      form.focusFirstInvalid();
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      await api.post("/api/account/updateProfile", { name: name.trim() }, okSchema);
      savePreferredAppKind(kind);
      const fresh = await refreshAccount().catch(() => account);
      navigate(postLoginRedirect({ query: {}, user: { emailVerified: true }, account: fresh }), {
        replace: true,
      });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      width="lg"
      title="Welcome to Liftoff"
      description="Two quick questions and you're ready to build your first app."
    >
      <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-6" aria-label="Onboarding">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field
          label="What should we call you?"
          htmlFor="onboarding-name"
          error={nameError}
          hint="Shown to your collaborators and in your account menu."
        >
          <Input
            ref={nameRef}
            id="onboarding-name"
            data-testid="onboarding-name"
            autoComplete="name"
            placeholder="Your name"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="grid gap-2">
          <p id="onboarding-kind-label" className="text-13 font-medium text-neutral-800">
            What do you want to build first?
          </p>
          <AppKindPicker
            value={kind}
            onChange={setKind}
            testIdPrefix="onboarding-kind"
            labelledBy="onboarding-kind-label"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button asChild variant="ghost" className="text-muted-foreground">
            <Link to={next} replace data-testid="onboarding-skip">
              Skip for now
            </Link>
          </Button>
          <Button type="submit" size="lg" loading={busy} data-testid="onboarding-submit">
            Continue
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
