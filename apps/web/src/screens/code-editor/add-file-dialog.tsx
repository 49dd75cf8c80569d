import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  SegmentedControl,
} from "@liftoff/ui";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { NEW_FILE_GROUPS, type NewFileGroup, newFileError, newFileId } from "./new-file.ts";

export type AddFileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existingIds: readonly string[];
  /** Creates the file (with its starter content); throws to show the error. */
  onCreate: (id: string) => Promise<void>;
};

/** Add a file: group + name, validated with the file id rules before anything is sent. */
export function AddFileDialog({ open, onOpenChange, existingIds, onCreate }: AddFileDialogProps) {
  const [group, setGroup] = useState<NewFileGroup>("pages");
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const singleFile = group === "layout" || group === "styles";
  const id = newFileId(group, name);
  const error = singleFile || name.trim() ? newFileError(id, existingIds) : "Enter a name";
  const placeholder = NEW_FILE_GROUPS.find((g) => g.id === group)?.placeholder ?? "";

  const reset = (next: boolean) => {
    if (!next) {
      setName("");
      setTouched(false);
      setServerError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    setServerError(null);
    try {
      await onCreate(id);
      reset(false);
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent size="sm">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Add a file</DialogTitle>
            <DialogDescription>New files start with working code you can change.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">Kind</span>
            <SegmentedControl
              ariaLabel="Kind of file"
              size="sm"
              value={group}
              onChange={(next) => {
                setGroup(next);
                setServerError(null);
              }}
              className="w-full flex-wrap justify-start h-auto"
              options={NEW_FILE_GROUPS.map((g) => ({ value: g.id, label: g.label }))}
            />
          </div>
          {singleFile ? (
            <p className="rounded-md bg-neutral-50 px-3 py-2 font-mono text-13">{id}</p>
          ) : (
            <Field
              label="Name"
              htmlFor="new-file-name"
              error={touched && error ? error : serverError}
              hint={touched && error ? undefined : `Creates ${id}`}
            >
              <Input
                id="new-file-name"
                autoFocus
                value={name}
                placeholder={placeholder}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => {
                  setName(event.target.value);
                  setServerError(null);
                }}
                onBlur={() => setTouched(true)}
                data-testid="new-file-name"
              />
            </Field>
          )}
          {singleFile && (error || serverError) ? (
            <p className="text-13 text-destructive-text" role="alert">
              {serverError ?? error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={busy || (touched && Boolean(error))}
              data-testid="new-file-create"
            >
              {busy ? "Creating…" : "Create file"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
