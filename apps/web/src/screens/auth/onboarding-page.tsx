import { APP_KINDS, type AppKind, okSchema, postLoginRedirect } from "@liftoff/domain";
import { Alert, Button, cn, Field, Input } from "@liftoff/ui";
import { CheckIcon } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { appKindInfo } from "../../lib/app-kinds.ts";
import { useSession } from "../../lib/session.tsx";

/** The first kind of app the builder picked; the apps screen may read it to preselect. */
export const PREFERRED_APP_KIND_KEY = "liftoff:preferredAppKind";

function KindCards({ value, onChange }: { value: AppKind; onChange: (kind: AppKind) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + APP_KINDS.length) % APP_KINDS.length;
    const kind = APP_KINDS[next];
    if (kind) onChange(kind);
    refs.current[next]?.focus();
  }

  return (
    <div role="radiogroup" aria-labelledby="onboarding-kind-label" className="grid gap-3 sm:grid-cols-3">
      {APP_KINDS.map((kind, index) => {
        const { label, description, icon: Icon, tint } = appKindInfo(kind);
        const selected = kind === value;
        return (
          <button
            key={kind}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={`onboarding-kind-${kind}`}
            onClick={() => onChange(kind)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              "relative flex flex-row items-start gap-3 rounded-xl border bg-background p-4 text-left transition-[border-color,box-shadow,background-color] sm:flex-col",
              "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/35",
              selected
                ? "border-primary shadow-[0_0_0_1px_var(--color-primary)] bg-brand-50/40"
                : "border-border hover:border-neutral-300 hover:bg-neutral-50",
            )}
          >
            <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg ring-1", tint)}>
              <Icon className="size-4.5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-foreground">{label}</span>
              <span className="mt-1 block text-13 leading-5 text-muted-foreground">{description}</span>
            </span>
            <span
              aria-hidden
              className={cn(
                "absolute top-3 right-3 flex size-5 items-center justify-center rounded-full border transition-colors",
                selected
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-neutral-300 bg-background",
              )}
            >
              {selected ? <CheckIcon className="size-3" strokeWidth={3} /> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** After the first sign-in: the display name and the first kind of app, then on to the apps. */
export function OnboardingPage() {
  const { user, account, refreshAccount } = useSession();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user?.name ?? "");
  const [kind, setKind] = useState<AppKind>("generated");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const next = postLoginRedirect({ query: {}, user: { emailVerified: true }, account });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setNameError("Enter your name");
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      await api.post("/api/account/updateProfile", { name: name.trim() }, okSchema);
      try {
        localStorage.setItem(PREFERRED_APP_KIND_KEY, kind);
      } catch {
        // Storage may be unavailable (private mode); the choice is only a hint.
      }
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
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Onboarding">
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
          <KindCards value={kind} onChange={setKind} />
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
