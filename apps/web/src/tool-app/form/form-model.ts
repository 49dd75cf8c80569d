import {
  checkRunRequest,
  convertHeight,
  convertWeight,
  type HeightUnit,
  type PublicField,
  type PublicTool,
  type RunFieldValues,
  type RunRequest,
  type WeightUnit,
} from "@liftoff/domain";

/** A height or weight as typed: the text of the number and the unit picked. */
export type MeasureDraft = { text: string; unit: HeightUnit | WeightUnit };
/** One field as the form holds it: text, chosen option labels, or a measure. */
export type FieldDraft = string | string[] | MeasureDraft;
/** The form's state: the main input and each field's draft by field name. */
export type FormDraft = { input: string; values: Record<string, FieldDraft> };

/** One page of the form; a tool without steps has one, untitled. */
export type FormStep = { id: string | null; title: string };

/** The unit a measure starts in: metric (the spec's default order, cm and kg first). */
function firstUnit(field: PublicField): HeightUnit | WeightUnit {
  return field.type === "height" ? "cm" : "kg";
}

/** A known answer as the field's draft, or null when it does not fit the field's type. */
function draftOf(field: PublicField, value: RunFieldValues[string] | undefined): FieldDraft | null {
  if (value === undefined) return null;
  if (field.type === "multiselect") return Array.isArray(value) ? value : null;
  if (field.type === "height" || field.type === "weight") {
    if (typeof value !== "object" || Array.isArray(value)) return null;
    const units: readonly string[] = field.type === "height" ? ["cm", "in"] : ["kg", "lb"];
    return units.includes(value.unit) ? { text: String(value.value), unit: value.unit } : null;
  }
  return typeof value === "string" ? value : null;
}

/**
 * The form for `tool`: empty, or filled with known answers (`prefill`, e.g. a signed-in end
 * user's memorized values) where they fit the field's type; anything else starts empty.
 */
export function emptyDraft(tool: Pick<PublicTool, "fields">, prefill: RunFieldValues = {}): FormDraft {
  const values: Record<string, FieldDraft> = {};
  for (const field of tool.fields) {
    const known = Object.hasOwn(prefill, field.name) ? draftOf(field, prefill[field.name]) : null;
    if (known !== null) values[field.name] = known;
    else if (field.type === "multiselect") values[field.name] = [];
    else if (field.type === "height" || field.type === "weight")
      values[field.name] = { text: "", unit: firstUnit(field) };
    else values[field.name] = "";
  }
  return { input: "", values };
}

/** A typed number: "1,75" is read as 1.75 (a comma decimal separator is common). */
function readNumber(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/**
 * The body the form would send: what `checkRunRequest` reads. A measure left empty is no
 * answer; one that is not a number is sent as NaN, which the check refuses with its
 * message ('Enter a number') rather than dropping it silently.
 */
export function draftBody(tool: Pick<PublicTool, "fields">, draft: FormDraft): unknown {
  const values: Record<string, unknown> = {};
  for (const field of tool.fields) {
    const value = draft.values[field.name];
    if (value === undefined) continue;
    if (typeof value === "object" && !Array.isArray(value)) {
      if (value.text.trim() !== "") values[field.name] = { value: readNumber(value.text), unit: value.unit };
    } else values[field.name] = value;
  }
  return { input: draft.input, values };
}

export type DraftCheck = { ok: true; request: RunRequest } | { ok: false; errors: Record<string, string> };

/** The run request of a filled form, or one message per field ('input' for the main input). */
export function checkDraft(tool: Pick<PublicTool, "fields">, draft: FormDraft): DraftCheck {
  const checked = checkRunRequest({ tool, body: draftBody(tool, draft) });
  return checked.ok ? { ok: true, request: checked.request } : { ok: false, errors: checked.fieldErrors };
}

/** The form's pages: the tool's input steps when it asks for multi-step input, else one. */
export function formSteps(tool: Pick<PublicTool, "isMultiStepInput" | "inputSteps">): FormStep[] {
  if (!tool.isMultiStepInput || tool.inputSteps.length === 0) return [{ id: null, title: "" }];
  return tool.inputSteps.map((step) => ({ id: step.id, title: step.title }));
}

/**
 * The index of the step a field is on: its own step, or the first one when it names none
 * (or a step that no longer exists), as the builder's preview places it.
 */
export function stepIndexOf(steps: FormStep[], field: Pick<PublicField, "stepId">): number {
  const index = steps.findIndex((step) => step.id !== null && step.id === field.stepId);
  return Math.max(index, 0);
}

/** The fields shown on step `index`, in the builder's order. */
export function fieldsOfStep<F extends Pick<PublicField, "stepId">>(
  tool: { fields: F[] } & Pick<PublicTool, "isMultiStepInput" | "inputSteps">,
  index: number,
): F[] {
  const steps = formSteps(tool);
  return tool.fields.filter((field) => stepIndexOf(steps, field) === index);
}

/**
 * The messages that belong to step `index`: its fields', and the main input's on the first
 * step (where the main input is shown). Next stays on a step while it has any.
 */
export function errorsOfStep(
  tool: Pick<PublicTool, "fields" | "isMultiStepInput" | "inputSteps">,
  index: number,
  errors: Record<string, string>,
): Record<string, string> {
  const names = new Set(fieldsOfStep(tool, index).map((field) => field.name));
  if (index === 0) names.add("input");
  return Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
}

/** The first step with a message (where Submit sends the end user back to), or null. */
export function firstStepWithErrors(
  tool: Pick<PublicTool, "fields" | "isMultiStepInput" | "inputSteps">,
  errors: Record<string, string>,
): number | null {
  const steps = formSteps(tool);
  for (let index = 0; index < steps.length; index++)
    if (Object.keys(errorsOfStep(tool, index, errors)).length > 0) return index;
  // A message for no shown field (a body error): the first step, so it is seen.
  return Object.keys(errors).length > 0 ? 0 : null;
}

/** A measure in the other unit, rounded to one decimal; text that is not a number is kept. */
export function switchMeasureUnit(
  type: "height" | "weight",
  draft: MeasureDraft,
  unit: HeightUnit | WeightUnit,
): MeasureDraft {
  if (unit === draft.unit) return draft;
  const value = readNumber(draft.text);
  if (!Number.isFinite(value)) return { text: draft.text, unit };
  const converted =
    type === "height"
      ? convertHeight({ value, unit: draft.unit as HeightUnit }, unit as HeightUnit)
      : convertWeight({ value, unit: draft.unit as WeightUnit }, unit as WeightUnit);
  return { text: String(Math.round(converted * 10) / 10), unit };
}
