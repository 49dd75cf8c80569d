import {
  APP_NAME_MAX,
  AppError,
  type AppKind,
  appNameSchema,
  appSummarySchema,
  initialAppKind,
  parseUpgradeReason,
  type UpgradeReason,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  useFocusFirstInvalid,
} from "@liftoff/ui";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { api, errorMessage } from "../../lib/api.ts";
import { readPreferredAppKind } from "../../lib/preferred-app-kind.ts";
import { useSession } from "../../lib/session.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { AppKindPicker } from "./app-kind-picker.tsx";
import { KindQuota, kindQuota } from "./kind-quota.tsx";

type CreateAppDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'New app': pick a kind and a name, POST /api/apps, then open the builder. It starts on the
 * kind chosen in onboarding. The plan's room for the chosen kind shows before the name field.
 */
export function CreateAppDialog({ open, onOpenChange }: CreateAppDialogProps) {
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const { account, refreshAccount } = useSession();
  const [kind, setKind] = useState<AppKind>(() => initialAppKind(readPreferredAppKind()));
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  useEffect(() => {
    if (open) {
      setKind(initialAppKind(readPreferredAppKind()));
      setName("");
      setNameError(null);
      setServerError(null);
    }
  }, [open]);

  const quota = account ? kindQuota(account, kind) : null;
  const full = quota !== null && quota.used >= quota.max;

  function openUpgrade(reason: UpgradeReason) {
    onOpenChange(false);
    upgrade.open(reason);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A full plan gets the upgrade dialog for the kind, not a request the server refuses.
    if (full && quota) {
      openUpgrade(quota.reason);
      return;
    }
    const parsed = appNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Enter a name");
      form.focusFirstInvalid();
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
        openUpgrade(parseUpgradeReason(error.details?.reason));
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
        <form ref={form.ref} onSubmit={submit} className="grid gap-5" noValidate>
          <AppKindPicker
            value={kind}
            onChange={setKind}
            testIdPrefix="apps-create-kind"
            ariaLabel="Kind of app"
          />

          {account ? <KindQuota account={account} kind={kind} onUpgrade={openUpgrade} /> : null}

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
