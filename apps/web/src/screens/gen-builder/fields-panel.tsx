import { type CustomField, emptyCustomField } from "@liftoff/domain";
import { Alert, Button, ConfirmDialog, EmptyState } from "@liftoff/ui";
import { PlusIcon, TextCursorInputIcon } from "lucide-react";
import { useState } from "react";
import type { ToolEditorProps } from "./editor-types.ts";
import { FieldEditorDialog } from "./field-editor-dialog.tsx";
import {
  addField,
  addFieldBlockedMessage,
  messagesForField,
  moveField,
  removeField,
  replaceField,
} from "./field-rules.ts";
import { FieldsPanelRow } from "./fields-panel-row.tsx";
import { MagicCreateFieldForm } from "./magic-create-field-form.tsx";

type Editing = { initial: CustomField; original: CustomField | null; index: number | null };

/**
 * The custom fields of one tool (spec sections 3 and 5): list, add (by hand or by magic
 * create), edit in a dialog, reorder and delete. Every change goes to `onChange` as the
 * whole next tool; the builder's auto-save sends it.
 */
export function FieldsPanel(props: ToolEditorProps) {
  const { tool, onChange, errors } = props;
  // Kept after closing so the dialog stays mounted and returns focus to what opened it.
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  // A new key per opening: the dialog starts from its `initial` field with nothing left from the last one.
  const [editorSession, setEditorSession] = useState(0);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addBlocked = addFieldBlockedMessage(tool);
  const fieldToDelete = deleting === null ? undefined : tool.fields[deleting];

  function startAdd(initial: CustomField) {
    setRefusal(null);
    setEditing({ initial, original: null, index: null });
    setEditorSession((n) => n + 1);
    setEditorOpen(true);
  }

  function askDelete(index: number) {
    const result = removeField(tool, index);
    // Refused up front: the builder must edit the instructions first, no confirmation needed.
    if (!result.ok) setRefusal(result.message);
    else {
      setRefusal(null);
      setDeleting(index);
    }
  }

  function save(field: CustomField) {
    if (!editing) return;
    onChange(editing.index === null ? addField(tool, field) : replaceField(tool, editing.index, field));
  }

  return (
    <section className="grid gap-4" aria-labelledby="gen-fields-title" data-testid="gen-fields-panel">
      <div className="grid gap-0.5">
        <h3 id="gen-fields-title" className="text-sm font-semibold">
          Custom fields
        </h3>
        <p className="text-13 text-muted-foreground">
          What users fill in before running the tool. Use a field's [name] in the instructions to read its
          answer.
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={addBlocked !== null}
          aria-describedby={addBlocked ? "gen-fields-limit" : undefined}
          onClick={() => startAdd(emptyCustomField({ name: "", label: "", type: "text" }))}
          data-testid="gen-fields-add"
        >
          <PlusIcon />
          Add field
        </Button>
        <MagicCreateFieldForm
          appId={props.appId}
          tool={tool}
          disabled={addBlocked !== null}
          onCreated={(field) => startAdd(field)}
        />
      </div>
      {addBlocked ? (
        <p id="gen-fields-limit" className="text-13 text-muted-foreground">
          {addBlocked}
        </p>
      ) : null}
      {errors.fields ? (
        <Alert tone="error" data-testid="gen-fields-error">
          {errors.fields}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert tone="warning" data-testid="gen-fields-refusal">
          {refusal}
        </Alert>
      ) : null}

      {tool.fields.length === 0 ? (
        <EmptyState
          icon={TextCursorInputIcon}
          title="No custom fields yet"
          description="Add a field to ask users for more than the main input: a city, a tone, a photo…"
          className="py-8"
        />
      ) : (
        <ul className="grid gap-2" aria-label="Custom fields">
          {tool.fields.map((field, index) => (
            <FieldsPanelRow
              key={index}
              tool={tool}
              field={field}
              index={index}
              // Only errors: the server's one warning about a field (inactive) is computed live in the row.
              messages={messagesForField(errors, index)}
              onEdit={() => {
                setRefusal(null);
                setEditing({ initial: field, original: field, index });
                setEditorSession((n) => n + 1);
                setEditorOpen(true);
              }}
              onDelete={() => askDelete(index)}
              onMove={(delta) => onChange(moveField(tool, index, delta))}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <FieldEditorDialog
          key={editorSession}
          open={editorOpen}
          onOpenChange={setEditorOpen}
          initial={editing.initial}
          original={editing.original}
          app={props.app}
          tool={tool}
          viewer={props.viewer}
          otherNames={tool.fields.filter((_, i) => i !== editing.index).map((f) => f.name)}
          serverErrors={editing.index === null ? {} : messagesForField(errors, editing.index)}
          onSave={save}
        />
      ) : null}

      <ConfirmDialog
        open={fieldToDelete !== undefined}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={`Delete ${fieldToDelete?.label || fieldToDelete?.name || "field"}?`}
        description="Users will no longer be asked for it."
        confirmLabel="Delete field"
        destructive
        onConfirm={() => {
          if (deleting === null) return;
          const result = removeField(tool, deleting);
          if (!result.ok) throw new Error(result.message);
          onChange(result.tool);
        }}
      />
    </section>
  );
}
