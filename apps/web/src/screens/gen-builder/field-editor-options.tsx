import { type FieldMessages, type FieldOption, SAVED_APP_LIMITS, tooManyMessage } from "@liftoff/domain";
import { Button, Input } from "@liftoff/ui";
import { PlusIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { moveItem } from "./field-rules.ts";
import { ReorderButtons } from "./fields-panel-reorder.tsx";

/**
 * The choices of a select or multiselect field: a label and an optional icon address each,
 * added, removed and reordered in place. `errors` are the dialog's live messages keyed as
 * in fieldDraftErrors ("options", "options.2.label"), so 'Option is empty' and 'Option
 * already exists' show under the option as it is typed.
 */
export function FieldOptionsEditor({
  options,
  onChange,
  errors,
}: {
  options: FieldOption[];
  onChange: (next: FieldOption[]) => void;
  errors: FieldMessages;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusLast = useRef(false);
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    listRef.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus();
  });
  const full = options.length >= SAVED_APP_LIMITS.maxFieldOptions;
  const update = (index: number, patch: Partial<FieldOption>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Options</legend>
      {options.length === 0 ? <p className="text-13 text-muted-foreground">No options yet.</p> : null}
      <ul ref={listRef} className="grid gap-2">
        {options.map((option, index) => {
          const error = errors[`options.${index}.label`] ?? errors[`options.${index}.iconUrl`];
          const errorId = `field-option-${index}-error`;
          return (
            <li key={index} className="grid gap-1 rounded-lg border border-border bg-neutral-25 p-2">
              <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                <Input
                  value={option.label}
                  placeholder="Option"
                  aria-label={`Option ${index + 1} label`}
                  aria-invalid={Boolean(errors[`options.${index}.label`])}
                  aria-describedby={error ? errorId : undefined}
                  autoComplete="off"
                  className="h-8 min-w-0 flex-1 basis-40"
                  onChange={(event) => update(index, { label: event.target.value })}
                />
                <Input
                  value={option.iconUrl}
                  placeholder="Icon URL (optional)"
                  aria-label={`Option ${index + 1} icon URL`}
                  aria-invalid={Boolean(errors[`options.${index}.iconUrl`])}
                  type="url"
                  autoComplete="off"
                  className="h-8 min-w-0 flex-1 basis-40"
                  onChange={(event) => update(index, { iconUrl: event.target.value })}
                />
                <div className="ml-auto flex items-center">
                  <ReorderButtons
                    group="field-option"
                    index={index}
                    count={options.length}
                    itemLabel={`option ${index + 1}`}
                    onMove={(delta) => onChange(moveItem(options, index, delta))}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() => onChange(options.filter((_, i) => i !== index))}
                  >
                    <XIcon />
                  </Button>
                </div>
              </div>
              {error ? (
                <p id={errorId} role="alert" className="text-13 text-destructive-text">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {errors.options ? (
        <p role="alert" className="text-13 text-destructive-text">
          {errors.options}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={full}
        onClick={() => {
          focusLast.current = true;
          onChange([...options, { label: "", iconUrl: "" }]);
        }}
      >
        <PlusIcon />
        Add option
      </Button>
      {full ? (
        <p className="text-13 text-muted-foreground">
          {tooManyMessage("options", SAVED_APP_LIMITS.maxFieldOptions)}
        </p>
      ) : null}
    </fieldset>
  );
}
