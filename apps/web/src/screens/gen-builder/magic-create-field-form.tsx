import { type CustomField, MAGIC_INPUT_MAX, type Tool } from "@liftoff/domain";
import { Alert, Button, Input } from "@liftoff/ui";
import { SparklesIcon } from "lucide-react";
import { useId, useState } from "react";
import { magicCreateField } from "./magic-create-field.ts";

/**
 * "Magic create": the builder describes a field in one sentence and the AI writes it. The
 * field is not added here: `onCreated` opens it in the field editor for review first.
 */
export function MagicCreateFieldForm({
  appId,
  tool,
  disabled,
  onCreated,
}: {
  appId: string;
  tool: Tool;
  /** At the field limit: the panel shows why. */
  disabled: boolean;
  onCreated: (field: CustomField) => void;
}) {
  const [open, setOpen] = useState(false);
  const [sentence, setSentence] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  async function create() {
    if (sentence.trim() === "" || busy) return;
    setBusy(true);
    setError(null);
    const result = await magicCreateField({ appId, sentence, tool });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSentence("");
    setOpen(false);
    onCreated(result.field);
  }

  if (!open) {
    return (
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <SparklesIcon />
        Magic create
      </Button>
    );
  }
  return (
    <form
      className="grid w-full gap-2 rounded-xl border border-border bg-neutral-25 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Describe the field in one sentence
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          autoFocus
          value={sentence}
          placeholder="e.g. Ask which cuisines they like, several allowed"
          autoComplete="off"
          maxLength={MAGIC_INPUT_MAX}
          className="min-w-0 flex-1 basis-56"
          disabled={busy}
          onChange={(event) => setSentence(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="default" loading={busy} disabled={sentence.trim() === "" || disabled}>
            Create
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </div>
      </div>
      {error ? (
        <Alert tone="error" data-testid="magic-create-field-error">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}
