import {
  type CustomField,
  type CustomFieldType,
  canMemorizeField,
  type FieldMessages,
  GENERATED_APP_MESSAGES,
  OPTION_FIELD_TYPES,
  type SavedApp,
  type Tool,
} from "@liftoff/domain";
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
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  useFocusFirstInvalid,
} from "@liftoff/ui";
import { useState } from "react";
import type { GenBuilderViewer } from "./editor-types.ts";
import { FieldOptionsEditor } from "./field-editor-options.tsx";
import { ToggleRow } from "./field-editor-toggle-row.tsx";
import {
  deriveFieldName,
  FIELD_TYPE_LABELS,
  fieldDraftErrors,
  fieldTypeChoices,
  finalizeField,
  shownFieldErrors,
} from "./field-rules.ts";
import { FieldTypeIcon } from "./fields-panel-type-icon.tsx";
import { effectiveStepId } from "./steps-model.ts";

export type FieldEditorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the dialog starts from: the stored field, a new empty one, or a magic-created one. */
  initial: CustomField;
  /** The stored field when editing one; null when adding. */
  original: CustomField | null;
  app: SavedApp;
  tool: Tool;
  viewer: GenBuilderViewer;
  /** Names of the tool's other fields. */
  otherNames: string[];
  /** The server's messages about this field ("name", "options.0.label"), shown until it is changed. */
  serverErrors: FieldMessages;
  onSave: (field: CustomField) => void;
};

/**
 * Adds or edits one custom field; nothing reaches the tool until the builder saves a valid
 * field. Its state starts from `initial` when mounted: give it a new key for each opening.
 */
export function FieldEditorDialog(props: FieldEditorDialogProps) {
  const { open, initial, original, tool, viewer } = props;
  // A step removed since the field was placed no longer holds it: the field goes back to the first step.
  const [draft, setDraft] = useState(() =>
    initial.stepId !== null && !tool.inputSteps.some((step) => step.id === initial.stepId)
      ? { ...initial, stepId: null }
      : initial,
  );
  // A new field's name follows its label until the builder types a name of their own.
  const [nameTyped, setNameTyped] = useState(initial.name !== "");
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // A magic-created field arrives complete: show what needs fixing at once.
  const [attempted, setAttempted] = useState(original === null && initial.name !== "");
  const form = useFocusFirstInvalid<HTMLFormElement>();

  const otherTools = props.app.tools.filter((t) => t.toolId !== tool.toolId);
  const context = {
    otherNames: props.otherNames,
    viewer,
    original,
    stepIds: tool.inputSteps.map((step) => step.id),
    toolIds: props.app.tools.map((t) => t.toolId),
  };
  const local = fieldDraftErrors(draft, context);
  const shown = shownFieldErrors({
    local,
    server: props.serverErrors,
    touched,
    attempted,
    nameFollowsLabel: !nameTyped,
    unchanged: JSON.stringify(draft) === JSON.stringify(initial),
  });
  const error = (key: string): string | undefined => shown[key];
  const optionErrors = Object.fromEntries(Object.entries(shown).filter(([key]) => key.startsWith("options")));

  // Field marks the Select root, not its trigger: the trigger is what takes focus and is read out.
  const invalidProps = (id: string, message: string | undefined) =>
    message ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  function change(patch: Partial<CustomField>, key: string) {
    setDraft((prev) => ({ ...prev, ...patch }));
    setTouched((prev) => new Set(prev).add(key));
  }

  function save() {
    if (Object.keys(local).length > 0) {
      setAttempted(true);
      form.focusFirstInvalid();
      return;
    }
    props.onSave(finalizeField(draft));
    props.onOpenChange(false);
  }

  const isEmail = draft.type === "email";
  const memorizable = canMemorizeField(draft, viewer);
  const stepValue = effectiveStepId(tool, draft.stepId);

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent size="md" data-testid="field-editor-dialog">
        <DialogHeader>
          <DialogTitle>{original ? `Edit ${original.label || original.name}` : "New field"}</DialogTitle>
          <DialogDescription>
            Users answer it before running the tool; write its [name] in the instructions to use the answer.
          </DialogDescription>
        </DialogHeader>
        <form
          ref={form.ref}
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Field label="Label" htmlFor="field-label" error={error("label")}>
            <Input
              id="field-label"
              value={draft.label}
              autoComplete="off"
              placeholder="e.g. Your city"
              onChange={(event) => {
                const label = event.target.value;
                change(nameTyped ? { label } : { label, name: deriveFieldName(label) }, "label");
              }}
            />
          </Field>
          <Field
            label="Name"
            htmlFor="field-name"
            error={error("name")}
            hint="Letters, numbers, dashes and underscores. It is the field's [tag] in the instructions."
          >
            <Input
              id="field-name"
              value={draft.name}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => {
                setNameTyped(true);
                change({ name: event.target.value }, "name");
              }}
            />
          </Field>
          <Field label="Type" htmlFor="field-type" error={error("type")}>
            <Select
              value={draft.type}
              onValueChange={(type) => change({ type: type as CustomFieldType }, "type")}
            >
              <SelectTrigger id="field-type" aria-label="Type" {...invalidProps("field-type", error("type"))}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {fieldTypeChoices(viewer, original?.type ?? initial.type).map((type) => (
                  <SelectItem key={type} value={type}>
                    <span className="flex items-center gap-2">
                      <FieldTypeIcon type={type} className="size-4 text-muted-foreground" />
                      {FIELD_TYPE_LABELS[type]}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>

          <div className="grid gap-3 rounded-xl border border-border p-3">
            <ToggleRow
              id="field-required"
              label="Required"
              description="Users must answer it to run the tool."
              checked={draft.required}
              onChange={(required) => change({ required }, "required")}
            />
            <ToggleRow
              id="field-personal"
              label="Personal"
              description="The answer is never shared or shown to others."
              checked={isEmail || draft.personal}
              disabled={isEmail}
              reason={isEmail ? GENERATED_APP_MESSAGES.emailAlwaysPersonal : null}
              error={error("personal")}
              onChange={(personal) => change({ personal }, "personal")}
            />
            {draft.type === "photo" ? null : (
              <ToggleRow
                id="field-memorize"
                label="Remember answer"
                description="The answer is filled in again on the user's next run."
                checked={draft.memorize}
                // A field that already remembers can always be switched off.
                disabled={!memorizable && !draft.memorize}
                reason={memorizable ? null : GENERATED_APP_MESSAGES.memorizeNeedsSignup}
                error={error("memorize")}
                onChange={(memorize) => change({ memorize }, "memorize")}
              />
            )}
          </div>

          {tool.isMultiStepInput && tool.inputSteps.length > 0 ? (
            <Field label="Step" htmlFor="field-step" error={error("stepId")}>
              <Select value={stepValue ?? undefined} onValueChange={(stepId) => change({ stepId }, "stepId")}>
                <SelectTrigger
                  id="field-step"
                  aria-label="Step"
                  {...invalidProps("field-step", error("stepId"))}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {tool.inputSteps.map((step, index) => (
                    <SelectItem key={step.id} value={step.id}>
                      {step.title || `Step ${index + 1}`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          ) : null}

          {draft.type === "photo" ? (
            <Field
              label="Photo instructions"
              htmlFor="field-instructions"
              error={error("instructions")}
              hint="Tell users what to photograph."
            >
              <Textarea
                id="field-instructions"
                rows={3}
                value={draft.instructions}
                onChange={(event) => change({ instructions: event.target.value }, "instructions")}
              />
            </Field>
          ) : null}

          {OPTION_FIELD_TYPES.includes(draft.type) ? (
            <FieldOptionsEditor
              options={draft.options}
              errors={optionErrors}
              onChange={(options) => change({ options }, "options")}
            />
          ) : null}

          {draft.type === "tool_item_select" ? (
            <>
              <Field
                label="Tool"
                htmlFor="field-tool"
                error={error("toolId")}
                hint={
                  otherTools.length === 0
                    ? "Add another tool to this app first."
                    : "Users pick one of its items."
                }
              >
                <Select
                  value={draft.toolId ?? undefined}
                  onValueChange={(toolId) => change({ toolId }, "toolId")}
                  disabled={otherTools.length === 0}
                >
                  <SelectTrigger
                    id="field-tool"
                    aria-label="Tool"
                    {...invalidProps("field-tool", error("toolId"))}
                  >
                    <SelectValue placeholder="Choose a tool" />
                  </SelectTrigger>
                  <SelectContent>
                    {otherTools.map((t) => (
                      <SelectItem key={t.toolId} value={t.toolId}>
                        {t.title || t.path || t.toolId}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field
                label="Filter condition"
                htmlFor="field-filter"
                error={error("filterCondition")}
                hint="Optional: only items matching it are offered, e.g. status is active."
              >
                <Input
                  id="field-filter"
                  value={draft.filterCondition}
                  autoComplete="off"
                  onChange={(event) => change({ filterCondition: event.target.value }, "filterCondition")}
                />
              </Field>
            </>
          ) : null}

          <DialogFooter>
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" data-testid="field-editor-save">
              {original ? "Save field" : "Add field"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
