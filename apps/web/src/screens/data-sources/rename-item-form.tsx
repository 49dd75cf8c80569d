import { CONTEXT_ITEM_NAME_MAX_LENGTH, type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { Button, Input } from "@liftoff/ui";
import { CheckIcon, XIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { dataSourcesApi } from "./data-sources-api.ts";
import { serverMessage } from "./server-message.ts";

export type RenameItemFormProps = {
  item: ContextItem;
  /** The renamed item, or null when the builder cancelled. */
  onDone: (renamed: ContextItem | null) => void;
};

/** Inline rename of a data source (PATCH /api/context/{id}); Escape cancels. */
export function RenameItemForm({ item, onDone }: RenameItemFormProps) {
  const id = useId();
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = name.trim();
    if (!next) {
      setError(DATA_SOURCE_MESSAGES.nameEmpty);
      return;
    }
    if (next === item.name) {
      onDone(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await dataSourcesApi.rename(item.id, next));
    } catch (failure) {
      setError(serverMessage(failure, DATA_SOURCE_MESSAGES.renameItem));
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-1" onSubmit={(event) => void submit(event)} noValidate data-testid="ds-rename">
      <div className="flex min-w-0 items-center gap-1">
        <Input
          id={id}
          // The builder chose Rename: the name field is where they type next.
          autoFocus
          aria-label="Data source name"
          value={name}
          maxLength={CONTEXT_ITEM_NAME_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-8 min-w-0 flex-1"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Escape leaves the rename; the modal keeps itself open for it (data-sources-modal.tsx).
            if (event.key === "Escape") onDone(null);
          }}
        />
        <Button type="submit" size="icon" className="size-8 shrink-0" loading={busy} aria-label="Save name">
          <CheckIcon aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label="Cancel rename"
          onClick={() => onDone(null)}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive-text">
          {error}
        </p>
      ) : null}
    </form>
  );
}
