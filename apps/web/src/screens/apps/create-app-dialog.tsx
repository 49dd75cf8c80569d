import {
  APP_NAME_MAX,
  AppError,
  type AppKind,
  appNameSchema,
  appSummarySchema,
  parseUpgradeReason,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
} from "@liftoff/ui";
import { CircleCheckIcon } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { api, errorMessage } from "../../lib/api.ts";
import { APP_KIND_INFO } from "../../lib/app-kinds.ts";
import { useSession } from "../../lib/session.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";

type CreateAppDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'New app': pick a kind and a name, POST /api/apps, then open the builder. */
export function CreateAppDialog({ open, onOpenChange }: CreateAppDialogProps) {
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const { refreshAccount } = useSession();
  const [kind, setKind] = useState<AppKind>("generated");
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setKind("generated");
      setName("");
      setNameError(null);
      setServerError(null);
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = appNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Enter a name");
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const app = await api.post("/api/apps", { appType: kind, name: parsed.data }, appSummarySchema);
      void refreshAccount().catch(() => {});
      onOpenChange(false);
      navigate(`/build/app/${app.id}`);
    } catch (error) {
      if (error instanceof AppError && error.code === "PLAN_LIMIT") {
        onOpenChange(false);
        upgrade.open(parseUpgradeReason(error.details?.reason));
      } else {
        setServerError(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent size="lg" data-testid="apps-create-dialog">
        <DialogHeader>
          <DialogTitle>Create a new app</DialogTitle>
          <DialogDescription>Choose what kind of app to build. You can rename it any time.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <div role="radiogroup" aria-label="Kind of app" className="grid gap-3 sm:grid-cols-3">
            {APP_KIND_INFO.map((info) => {
              const selected = kind === info.kind;
              const Icon = info.icon;
              return (
                <button
                  key={info.kind}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  data-testid={`apps-create-kind-${info.kind}`}
                  onClick={() => setKind(info.kind)}
                  className={cn(
                    "relative flex flex-row items-start gap-3 rounded-xl border p-4 text-left transition-[border-color,box-shadow,background-color] sm:flex-col",
                    "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/35",
                    selected
                      ? "border-primary bg-brand-50/50 ring-1 ring-primary"
                      : "border-border bg-background hover:border-neutral-400/70 hover:bg-neutral-25",
                  )}
                >
                  <span
                    className={cn(
                      "flex size-10 shrink-0 items-center justify-center rounded-lg ring-1",
                      info.tint,
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="grid gap-1 pr-5 sm:pr-0">
                    <span className="text-sm font-semibold">{info.label}</span>
                    <span className="text-13 leading-5 text-muted-foreground">{info.description}</span>
                  </span>
                  {selected ? (
                    <CircleCheckIcon className="absolute top-3 right-3 size-4 text-primary" aria-hidden />
                  ) : null}
                </button>
              );
            })}
          </div>

          <Field label="App name" htmlFor="apps-create-name" error={nameError}>
            <Input
              id="apps-create-name"
              data-testid="apps-create-name"
              value={name}
              maxLength={APP_NAME_MAX}
              placeholder="e.g. Recipe helper"
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
            />
          </Field>

          {serverError ? <Alert tone="error">{serverError}</Alert> : null}

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="apps-create-submit">
              Create app
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
