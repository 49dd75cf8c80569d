import { type InputStep, SAVED_APP_LIMITS, type Tool, tooManyMessage } from "@liftoff/domain";
import { moveItem } from "./field-rules.ts";

/** The message that blocks adding one more step, or null. */
export function addStepBlockedMessage(tool: Pick<Tool, "inputSteps">): string | null {
  return tool.inputSteps.length >= SAVED_APP_LIMITS.maxInputSteps
    ? tooManyMessage("input steps", SAVED_APP_LIMITS.maxInputSteps)
    : null;
}

/** "step-{n}" with the smallest n no step of `steps` uses, so ids stay short and readable. */
export function newStepId(steps: readonly Pick<InputStep, "id">[]): string {
  const taken = new Set(steps.map((step) => step.id));
  let n = steps.length + 1;
  while (taken.has(`step-${n}`)) n++;
  return `step-${n}`;
}

/** The tool with one more step at the end, titled "Step {n}"; unchanged at the limit. */
export function addStep(tool: Tool): Tool {
  if (addStepBlockedMessage(tool)) return tool;
  const step: InputStep = { id: newStepId(tool.inputSteps), title: `Step ${tool.inputSteps.length + 1}` };
  return { ...tool, inputSteps: [...tool.inputSteps, step] };
}

/**
 * The tool with multi-step input on or off. Turning it on with no steps creates the first
 * one (a multi-step tool needs at least one, validateSavedApp refuses it otherwise);
 * turning it off keeps the steps and the fields' places, so turning it back on restores them.
 */
export function setMultiStepInput(tool: Tool, on: boolean): Tool {
  const next = { ...tool, isMultiStepInput: on };
  return on && next.inputSteps.length === 0 ? addStep(next) : next;
}

export function renameStep(tool: Tool, id: string, title: string): Tool {
  return { ...tool, inputSteps: tool.inputSteps.map((step) => (step.id === id ? { ...step, title } : step)) };
}

/**
 * Why the step cannot be removed, or null: a multi-step tool keeps at least one step.
 * Ours: the spec gives no text, so it says what to do instead.
 */
export function removeStepBlockedMessage(tool: Tool): string | null {
  return tool.isMultiStepInput && tool.inputSteps.length <= 1
    ? "A multi-step input needs at least one step: turn multi-step input off instead"
    : null;
}

/** The tool without the step `id`; its fields go back to the first step (stepId null). */
export function removeStep(tool: Tool, id: string): Tool {
  if (removeStepBlockedMessage(tool)) return tool;
  return {
    ...tool,
    inputSteps: tool.inputSteps.filter((step) => step.id !== id),
    fields: tool.fields.map((field) => (field.stepId === id ? { ...field, stepId: null } : field)),
  };
}

export function moveStep(tool: Tool, index: number, delta: number): Tool {
  return { ...tool, inputSteps: moveItem(tool.inputSteps, index, delta) };
}

/** The tool with the field at `fieldIndex` placed in step `stepId` (null: the first step). */
export function assignFieldStep(tool: Tool, fieldIndex: number, stepId: string | null): Tool {
  return {
    ...tool,
    fields: tool.fields.map((field, index) => (index === fieldIndex ? { ...field, stepId } : field)),
  };
}

/**
 * The id of the step a field shows in: its own when it names a step, else the first
 * step's (a field without a step, or naming a removed one, is asked first).
 */
export function effectiveStepId(tool: Pick<Tool, "inputSteps">, stepId: string | null): string | null {
  if (stepId !== null && tool.inputSteps.some((step) => step.id === stepId)) return stepId;
  return tool.inputSteps[0]?.id ?? null;
}

/** How many fields each step shows, by step id, in step order. */
export function fieldCountsByStep(tool: Pick<Tool, "inputSteps" | "fields">): Map<string, number> {
  const counts = new Map(tool.inputSteps.map((step) => [step.id, 0]));
  for (const field of tool.fields) {
    const id = effectiveStepId(tool, field.stepId);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The server's messages about the step at `index` ("inputSteps.{index}.id" and "….title"). */
export function messagesForStep(messages: Record<string, string>, index: number): string[] {
  const prefix = `inputSteps.${index}.`;
  return Object.entries(messages)
    .filter(([path]) => path.startsWith(prefix))
    .map(([, message]) => message);
}
