import { type ContextItem, DATA_SOURCE_MESSAGES, TEXT_CONTEXT_MAX_LENGTH } from "@liftoff/domain";
import { Button, Field, Input, Textarea } from "@liftoff/ui";
import { PlusIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { dataSourcesApi } from "./data-sources-api.ts";
import { serverMessage } from "./server-message.ts";

export type AddTextFormProps = { appId: string; onAdded: (items: ContextItem[]) => void };

/** Pasted text as a data source (POST /api/context/ingest/text), with an optional name. */
export function AddTextForm({ appId, onAdded }: AddTextFormProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(DATA_SOURCE_MESSAGES.emptyText);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const trimmedName = name.trim();
      onAdded(
        await dataSourcesApi.ingestText(appId, {
          context: text,
          ...(trimmedName ? { name: trimmedName } : {}),
        }),
      );
      setText("");
      setName("");
    } catch (failure) {
      setError(serverMessage(failure, DATA_SOURCE_MESSAGES.textIngest));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="ds-add-text"
    >
      <Field label="Name (optional)" htmlFor={`${id}-name`}>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={200}
          placeholder="e.g. Opening hours"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field label="Text" htmlFor={`${id}-text`} error={error}>
        <Textarea
          id={`${id}-text`}
          rows={6}
          value={text}
          maxLength={TEXT_CONTEXT_MAX_LENGTH}
          placeholder="Paste facts, FAQs or notes your tools should answer from"
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <div>
        <Button type="submit" loading={busy} data-testid="ds-add-text-submit">
          <PlusIcon aria-hidden />
          Add text
        </Button>
      </div>
    </form>
  );
}
