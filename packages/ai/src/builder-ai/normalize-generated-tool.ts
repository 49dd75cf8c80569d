import {
  type CustomField,
  fieldNameError,
  firstOf,
  hasFieldTag,
  INPUT_TAG,
  looseRecord,
  SAVED_APP_LIMITS,
  SAVED_APP_TEXT_LIMITS as T,
  type Tool,
  toolSchema,
  uniqueToolPath,
  upgradeTool,
} from "@liftoff/domain";
import { InvalidModelOutputError } from "../providers/describe-ai-error.ts";
import { type BuilderViewer, fitFieldForBuilder } from "./fit-field-for-builder.ts";

export type GeneratedToolContext = {
  /** The id the new tool gets (free in the app). */
  toolId: string;
  /** Paths of the app's other tools: the new one gets -2, -3… when its own is taken. */
  takenPaths: readonly string[];
  /** The app's credits per run: what a new tool starts at (only admins may set another). */
  creditsPerRun: number;
  /** A single tool's draft replaces its one tool and keeps that tool's admin-set pro flag (default false). */
  isProTool?: boolean;
  /** The app owner's plan and the caller's role decide which field types stay. */
  viewer: BuilderViewer;
};

/** A name no earlier field has and that is not 'input': '_2', '_3'… added as needed. */
function freeFieldName(name: string, taken: readonly string[]): string {
  if (fieldNameError(name, taken) === null) return name;
  const base = name.toLowerCase() === INPUT_TAG ? `${name}_field` : name;
  if (fieldNameError(base, taken) === null) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, T.fieldName - suffix.length)}${suffix}`;
    if (fieldNameError(candidate, taken) === null) return candidate;
  }
}

/**
 * The model's tool as a draft the builder can review and save: read loosely like an old
 * document (upgradeTool), then held to the rules a save checks, so that adding it never
 * fails on something the builder did not write:
 * - status draft, no image, not a pro tool, the app's credits per run, no data items;
 * - the path made unique against the app's tools; the id the caller chose;
 * - at most SAVED_APP_LIMITS.maxCustomFields fields, names unique ignoring case and never
 *   'input', each field fitted to the builder (fitFieldForBuilder);
 * - a field whose [tag] the instructions miss gets a line 'label: [tag]' appended, so no
 *   field the model made is left inactive;
 * - multi-step input only with steps.
 * Throws InvalidModelOutputError when the answer has no title or no instructions, or
 * still fails toolSchema.
 */
export function normalizeGeneratedTool(raw: unknown, context: GeneratedToolContext): Tool {
  const outer = looseRecord(raw);
  const record = looseRecord(firstOf(outer, "tool") ?? raw);
  const upgraded = upgradeTool(record, {
    index: 0,
    inherited: {},
    defaultCreditsPerRun: context.creditsPerRun,
  });
  if (upgraded.title.trim() === "") throw new InvalidModelOutputError("the generated tool has no title");
  if (upgraded.gptPrompt.trim() === "")
    throw new InvalidModelOutputError("the generated tool has no instructions");

  const names: string[] = [];
  const fields: CustomField[] = upgraded.fields.slice(0, SAVED_APP_LIMITS.maxCustomFields).map((field) => {
    const fitted = fitFieldForBuilder(field, context.viewer);
    const name = freeFieldName(fitted.name, names);
    names.push(name);
    return { ...fitted, name };
  });
  let gptPrompt = upgraded.gptPrompt.trim();
  const missing = fields.filter((field) => !hasFieldTag(gptPrompt, field.name));
  const appended = missing.map((field) => `${field.label}: [${field.name}]`).join("\n");
  if (appended && gptPrompt.length + appended.length + 2 <= T.gptPrompt)
    gptPrompt = `${gptPrompt}\n\n${appended}`;

  const tool: Tool = {
    ...upgraded,
    toolId: context.toolId,
    path: uniqueToolPath(upgraded.path, context.takenPaths, T.path),
    status: "draft",
    imageUrl: "",
    isProTool: context.isProTool ?? false,
    creditsPerRun: context.creditsPerRun,
    gptPrompt,
    fields,
    isMultiStepInput: upgraded.isMultiStepInput && upgraded.inputSteps.length > 0,
    dataItems: [],
  };
  const parsed = toolSchema.safeParse(tool);
  if (!parsed.success)
    throw new InvalidModelOutputError(`the generated tool is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
