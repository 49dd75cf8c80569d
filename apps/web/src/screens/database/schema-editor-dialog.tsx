import type { EntitySchema } from "@liftoff/domain";
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
  inputClasses,
  Label,
} from "@liftoff/ui";
import { PlusIcon, XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import {
  DRAFT_FIELD_TYPES,
  type DraftField,
  type DraftFieldType,
  draftFromSchema,
  newDraftField,
  type SchemaDraft,
  schemaFromDraft,
} from "./schema-draft.ts";

const DEFAULT_HINTS: Record<DraftFieldType, string> = {
  string: "Text",
  number: "e.g. 4.5",
  integer: "e.g. 3",
  boolean: "true or false",
  "date-time": "e.g. 2025-01-31 09:00",
  enum: "One option",
  multiselect: "Options, comma-separated",
  json: '{"key": "value"}',
  list: '["a", "b"]',
};

/**
 * A small schema editor for the Database panel: the chat will be the main way to shape
 * entities; this keeps the panel usable until then (issue 3).
 */
export function SchemaEditorDialog({
  open,
  onOpenChange,
  existing,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The schema being edited; none for a new entity. */
  existing: EntitySchema | null;
  onSave: (schema: EntitySchema) => Promise<void>;
}) {
  const [draft, setDraft] = useState<SchemaDraft>({ name: "", fields: [] });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameId = useId();

  useEffect(() => {
    if (!open) return;
    setError(null);
    setDraft(existing ? draftFromSchema(existing) : { name: "", fields: [newDraftField()] });
  }, [open, existing]);

  function updateField(key: string, patch: Partial<DraftField>) {
    setDraft((prev) => ({
      ...prev,
      fields: prev.fields.map((field) => (field.key === key ? { ...field, ...patch } : field)),
    }));
    setError(null);
  }

  async function save() {
    const result = schemaFromDraft(draft, existing?.permissions);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(result.value);
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? null : onOpenChange(next))}>
      <DialogContent size="lg" data-testid="db-schema-dialog">
        <DialogHeader>
          <DialogTitle>{existing ? `Edit ${existing.name}` : "New entity"}</DialogTitle>
          <DialogDescription>
            {existing
              ? "Changing fields keeps stored data: a removed field stays in existing rows."
              : "An entity is a data table of your app. Every row also gets an id, a creation date and its creator."}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Field
            label="Entity name"
            htmlFor={nameId}
            hint="Letters, numbers and underscores, e.g. Task or BlogPost"
          >
            <Input
              id={nameId}
              value={draft.name}
              disabled={existing !== null}
              placeholder="Task"
              autoComplete="off"
              data-testid="db-schema-name"
              onChange={(event) => {
                setDraft((prev) => ({ ...prev, name: event.target.value }));
                setError(null);
              }}
            />
          </Field>
          <div className="grid gap-2">
            <Label>Fields</Label>
            {draft.fields.length === 0 ? (
              <p className="text-13 text-muted-foreground">No fields yet.</p>
            ) : null}
            <ul className="grid gap-2">
              {draft.fields.map((field, index) => {
                const hasOptions = field.type === "enum" || field.type === "multiselect";
                return (
                  <li
                    key={field.key}
                    className="grid gap-2 rounded-lg border border-border bg-neutral-25 p-2.5 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto] sm:items-center"
                    data-testid="db-schema-field"
                  >
                    <Input
                      value={field.name}
                      placeholder="Field name"
                      aria-label={`Field ${index + 1} name`}
                      autoComplete="off"
                      className="h-8"
                      data-testid="db-schema-field-name"
                      onChange={(event) => updateField(field.key, { name: event.target.value })}
                    />
                    <select
                      value={field.type}
                      aria-label={`Field ${index + 1} type`}
                      className={cn(inputClasses, "h-8 py-0")}
                      data-testid="db-schema-field-type"
                      onChange={(event) =>
                        updateField(field.key, { type: event.target.value as DraftFieldType })
                      }
                    >
                      {DRAFT_FIELD_TYPES.map((type) => (
                        <option key={type.value} value={type.value}>
                          {type.label}
                        </option>
                      ))}
                    </select>
                    <Input
                      value={field.defaultText}
                      placeholder={`Default: ${DEFAULT_HINTS[field.type]}`}
                      aria-label={`Field ${index + 1} default`}
                      autoComplete="off"
                      className="h-8"
                      data-testid="db-schema-field-default"
                      onChange={(event) => updateField(field.key, { defaultText: event.target.value })}
                    />
                    <label className="flex items-center gap-1.5 text-13 whitespace-nowrap">
                      <input
                        type="checkbox"
                        className="size-4 accent-(--color-primary)"
                        checked={field.required}
                        data-testid="db-schema-field-required"
                        onChange={(event) => updateField(field.key, { required: event.target.checked })}
                      />
                      Required
                    </label>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 justify-self-end"
                      aria-label={`Remove field ${index + 1}`}
                      onClick={() =>
                        setDraft((prev) => ({
                          ...prev,
                          fields: prev.fields.filter((f) => f.key !== field.key),
                        }))
                      }
                    >
                      <XIcon />
                    </Button>
                    {hasOptions ? (
                      <Input
                        value={field.options}
                        placeholder="Options, comma-separated: todo, doing, done"
                        aria-label={`Field ${index + 1} options`}
                        autoComplete="off"
                        className="h-8 sm:col-span-5"
                        data-testid="db-schema-field-options"
                        onChange={(event) => updateField(field.key, { options: event.target.value })}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setDraft((prev) => ({ ...prev, fields: [...prev.fields, newDraftField()] }))}
              data-testid="db-schema-add-field"
            >
              <PlusIcon />
              Add field
            </Button>
          </div>
          {error ? (
            <Alert tone="error" data-testid="db-schema-error">
              {error}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-testid="db-schema-save">
              {existing ? "Save changes" : "Create entity"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
