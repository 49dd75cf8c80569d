import { Alert, Button, Input, Label, Switch } from "@liftoff/ui";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef } from "react";
import type { ToolEditorProps } from "./editor-types.ts";
import { ReorderButtons } from "./fields-panel-reorder.tsx";
import { StepsEditorAssignments } from "./steps-editor-assignments.tsx";
import {
  addStep,
  addStepBlockedMessage,
  fieldCountsByStep,
  messagesForStep,
  moveStep,
  removeStep,
  removeStepBlockedMessage,
  renameStep,
  setMultiStepInput,
} from "./steps-model.ts";

/**
 * Multi-step input of one tool (spec section 3 "Input step"): the switch, the steps (title,
 * order, removal) and which step asks each field. Every change goes to `onChange`.
 */
export function StepsEditor(props: ToolEditorProps) {
  const { tool, onChange, errors } = props;
  const counts = fieldCountsByStep(tool);
  const addBlocked = addStepBlockedMessage(tool);
  const removeBlocked = removeStepBlockedMessage(tool);
  const listRef = useRef<HTMLOListElement>(null);
  const focusNew = useRef(false);
  useEffect(() => {
    if (!focusNew.current) return;
    focusNew.current = false;
    listRef.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus();
  });

  return (
    <section className="grid gap-4" aria-labelledby="gen-steps-title" data-testid="gen-steps-editor">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label id="gen-steps-title" htmlFor="gen-steps-switch" className="text-sm font-semibold">
            Multi-step input
          </Label>
          <p className="text-13 text-muted-foreground">
            Ask the custom fields over several pages, one step at a time.
          </p>
        </div>
        <Switch
          id="gen-steps-switch"
          checked={tool.isMultiStepInput}
          onCheckedChange={(on) => onChange(setMultiStepInput(tool, on))}
          data-testid="gen-steps-switch"
        />
      </div>
      {errors.inputSteps ? <Alert tone="error">{errors.inputSteps}</Alert> : null}

      {tool.isMultiStepInput ? (
        <>
          <ol ref={listRef} className="grid gap-2" aria-label="Input steps">
            {tool.inputSteps.map((step, index) => {
              const messages = messagesForStep(errors, index);
              const count = counts.get(step.id) ?? 0;
              const name = step.title || `Step ${index + 1}`;
              return (
                <li key={step.id} className="grid gap-1.5 rounded-xl border border-border bg-background p-3">
                  <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                    <span className="w-6 shrink-0 text-13 font-medium text-muted-foreground">
                      {index + 1}.
                    </span>
                    <Input
                      value={step.title}
                      placeholder={`Step ${index + 1}`}
                      aria-label={`Step ${index + 1} title`}
                      aria-invalid={messages.length > 0 || undefined}
                      autoComplete="off"
                      className="h-8 min-w-0 flex-1 basis-40"
                      onChange={(event) => onChange(renameStep(tool, step.id, event.target.value))}
                    />
                    <span className="text-13 whitespace-nowrap text-muted-foreground">
                      {count === 1 ? "1 field" : `${count} fields`}
                    </span>
                    <div className="ml-auto flex items-center">
                      <ReorderButtons
                        group="gen-step"
                        index={index}
                        count={tool.inputSteps.length}
                        itemLabel={name}
                        onMove={(delta) => onChange(moveStep(tool, index, delta))}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={`Remove ${name}`}
                        title={removeBlocked ?? undefined}
                        disabled={removeBlocked !== null}
                        onClick={() => onChange(removeStep(tool, step.id))}
                      >
                        <Trash2Icon />
                      </Button>
                    </div>
                  </div>
                  {messages.map((message) => (
                    <p key={message} role="alert" className="text-13 text-destructive-text">
                      {message}
                    </p>
                  ))}
                </li>
              );
            })}
          </ol>
          {removeBlocked ? <p className="text-13 text-muted-foreground">{removeBlocked}</p> : null}
          <div className="grid gap-1">
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={addBlocked !== null}
              onClick={() => {
                focusNew.current = true;
                onChange(addStep(tool));
              }}
              data-testid="gen-steps-add"
            >
              <PlusIcon />
              Add step
            </Button>
            {addBlocked ? <p className="text-13 text-muted-foreground">{addBlocked}</p> : null}
          </div>
          <StepsEditorAssignments tool={tool} errors={errors} onChange={onChange} />
        </>
      ) : null}
    </section>
  );
}
