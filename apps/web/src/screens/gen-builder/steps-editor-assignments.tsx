import type { FieldMessages, Tool } from "@liftoff/domain";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@liftoff/ui";
import { FieldTypeIcon } from "./fields-panel-type-icon.tsx";
import { assignFieldStep, effectiveStepId } from "./steps-model.ts";

/** Which step asks each custom field: one step select per field. */
export function StepsEditorAssignments({
  tool,
  errors,
  onChange,
}: {
  tool: Tool;
  errors: FieldMessages;
  onChange: (next: Tool) => void;
}) {
  if (tool.inputSteps.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">Fields by step</h4>
      {tool.fields.length === 0 ? (
        <p className="text-13 text-muted-foreground">Add custom fields to place them in steps.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Fields by step">
          {tool.fields.map((field, index) => {
            const id = `gen-step-of-${index}`;
            const error = errors[`fields.${index}.stepId`];
            const name = field.label || field.name;
            return (
              <li key={index} className="grid gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label htmlFor={id} className="flex min-w-0 items-center gap-2 text-13">
                    <FieldTypeIcon type={field.type} className="size-4 shrink-0 text-muted-foreground" />
                    <span className="truncate">{name}</span>
                  </label>
                  <Select
                    value={effectiveStepId(tool, field.stepId) ?? undefined}
                    onValueChange={(stepId) => onChange(assignFieldStep(tool, index, stepId))}
                  >
                    <SelectTrigger
                      id={id}
                      size="sm"
                      className="w-full sm:w-48"
                      aria-label={`Step of ${name}`}
                      aria-invalid={error ? true : undefined}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {tool.inputSteps.map((step, stepIndex) => (
                        <SelectItem key={step.id} value={step.id}>
                          {step.title || `Step ${stepIndex + 1}`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                {error ? (
                  <p role="alert" className="text-13 text-destructive-text">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
