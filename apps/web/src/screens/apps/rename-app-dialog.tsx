import { APP_NAME_MAX, type AppSummary, appNameSchema, appSummarySchema } from "@liftoff/domain";
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  useFocusFirstInvalid,
} from "@liftoff/ui";
import { type FormEvent, useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";

type RenameAppDialogProps = {
  app: AppSummary | null;
  onOpenChange: (open: boolean) => void;
  onRenamed: (app: AppSummary) => void;
};

/** PATCH /api/apps/{id} with a new name. */
export function RenameAppDialog({ app, onOpenChange, onRenamed }: RenameAppDialogProps) {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstInvalid();

  useEffect(() => {
    if (app) {
      setName(app.name);
      setNameError(null);
      setServerError(null);
    }
  }, [app]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!app) return;
    const parsed = appNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Enter a name");
      form.focusFirstInvalid();
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const updated = await api.patch(`/api/apps/${app.id}`, { name: parsed.data }, appSummarySchema);
      onRenamed(updated);
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={app !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent size="sm" data-testid="app-rename-dialog">
        <DialogHeader>
          <DialogTitle>Rename app</DialogTitle>
        </DialogHeader>
        <form ref={form.ref} onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="App name" htmlFor="app-rename-name" error={nameError}>
            <Input
              id="app-rename-name"
              data-testid="app-rename-name"
              value={name}
              maxLength={APP_NAME_MAX}
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
            <Button type="submit" loading={busy} data-testid="app-rename-submit">
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
