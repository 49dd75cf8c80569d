import type { CustomField, FieldMessages, Tool } from "@liftoff/domain";
import { Badge, Button } from "@liftoff/ui";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { FIELD_TYPE_LABELS, fieldBadges } from "./field-rules.ts";
import { ReorderButtons } from "./fields-panel-reorder.tsx";
import { FieldTypeIcon } from "./fields-panel-type-icon.tsx";
import { effectiveStepId } from "./steps-model.ts";

const BADGE_VARIANT = {
  required: "secondary",
  personal: "outline",
  memorize: "outline",
  inactive: "warning",
} as const;

/**
 * One field of the list: what it is at a glance (type, [name], badges, step), the server's
 * messages about it, and its actions. The inactive hint is written out, not hidden in a
 * tooltip, since it tells the builder what to do.
 */
export function FieldsPanelRow({
  tool,
  field,
  index,
  messages,
  onEdit,
  onDelete,
  onMove,
}: {
  tool: Tool;
  field: CustomField;
  index: number;
  /** The server's errors about this field, keyed as messagesForField gives them. */
  messages: FieldMessages;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
}) {
  const badges = fieldBadges(field, tool.gptPrompt);
  const inactive = badges.find((badge) => badge.key === "inactive");
  const stepId = tool.isMultiStepInput ? effectiveStepId(tool, field.stepId) : null;
  const stepIndex = tool.inputSteps.findIndex((step) => step.id === stepId);
  const step = tool.inputSteps[stepIndex];
  const name = field.label || field.name;
  const notes = [...new Set(Object.values(messages))];

  return (
    <li
      className="grid gap-2 rounded-xl border border-border bg-background p-3"
      data-testid="gen-field-row"
      data-inactive={inactive ? "true" : undefined}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg border border-border bg-neutral-25 text-muted-foreground">
          <FieldTypeIcon type={field.type} />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-13 text-muted-foreground">
            <span className="font-mono">[{field.name}]</span>
            <span>{FIELD_TYPE_LABELS[field.type]}</span>
            {step ? <span>{step.title || `Step ${stepIndex + 1}`}</span> : null}
          </p>
          {badges.length > 0 ? (
            <div className="flex flex-wrap gap-1">
              {badges.map((badge) => (
                <Badge key={badge.key} variant={BADGE_VARIANT[badge.key]} title={badge.hint}>
                  {badge.label}
                </Badge>
              ))}
            </div>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap items-center justify-end">
          <ReorderButtons
            group="gen-field"
            index={index}
            count={tool.fields.length}
            itemLabel={name}
            onMove={onMove}
          />
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${name}`} onClick={onEdit}>
            <PencilIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Delete ${name}`}
            onClick={onDelete}
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>
      {inactive ? <p className="text-13 text-warning-text">{inactive.hint}</p> : null}
      {notes.map((message) => (
        <p key={message} role="alert" className="text-13 text-destructive-text">
          {message}
        </p>
      ))}
    </li>
  );
}
