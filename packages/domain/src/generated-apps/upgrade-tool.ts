import { dedupeIds } from "./dedupe-ids.ts";
import type { InputStep } from "./input-step.ts";
import { toToolPath } from "./is-valid-tool-path.ts";
import {
  firstOf,
  type LooseRecord,
  looseBoolean,
  looseImage,
  looseList,
  looseNumber,
  looseRecord,
  looseText,
  looseUrl,
} from "./loose-read.ts";
import {
  SAVED_APP_LIMITS,
  SAVED_APP_SETTINGS_RANGES,
  SAVED_APP_TEXT_LIMITS as T,
} from "./saved-app-limits.ts";
import type { Tool } from "./tool.ts";
import type { ToolDataItem } from "./tool-data-item.ts";
import { upgradeCustomField } from "./upgrade-custom-field.ts";
import { upgradeResultBlock } from "./upgrade-result-block.ts";

/** Keys a tool owns in v4 that versions 1 to 3 kept at the top of the document for their one tool. */
export const TOOL_CONTENT_KEYS = [
  "gptPrompt",
  "fields",
  "blocks",
  "inputSteps",
  "isMultiStepInput",
  "examples",
  "welcomeMessage",
  "inputLabel",
  "inputPlaceholder",
  "isInputCollapsed",
  "isInputHidden",
  "ctaMessage",
  "ctaButton",
  "ctaLink",
] as const;

const CREDITS = SAVED_APP_SETTINGS_RANGES.creditsPerRun;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function upgradeSteps(raw: unknown): InputStep[] {
  const steps = looseList(raw)
    .slice(0, SAVED_APP_LIMITS.maxInputSteps)
    .map((step, index) => {
      const record = typeof step === "string" ? { title: step } : looseRecord(step);
      return {
        id: looseText(record.id, T.id).trim() || `step-${index + 1}`,
        title: looseText(firstOf(record, "title", "name"), T.stepTitle),
      };
    });
  const ids = dedupeIds(
    steps.map((step) => step.id),
    T.id,
  );
  return steps.map((step, index) => ({ ...step, id: ids[index]! }));
}

function upgradeDataItem(raw: unknown): ToolDataItem | null {
  const record = looseRecord(raw);
  const id = looseText(firstOf(record, "contextItemId", "id"), T.id).trim();
  if (id === "") return null;
  const original = looseText(record.originalContextItemId, T.id).trim();
  return {
    contextItemId: id,
    originalContextItemId: original === "" ? null : original,
    type: looseText(record.type, 40),
    templateFileUrl: looseUrl(record.templateFileUrl, T.url),
    instructionsUrl: looseUrl(record.instructionsUrl, T.url),
  };
}

/**
 * One tool of any builder version as v4 reads it. `inherited` holds what an old document
 * kept outside the tool for it (its top level, then its settings): each of the tool's own
 * keys wins, and a key the tool lacks is taken from there. Ids and paths are made unique
 * across the app by the caller; here a missing one is derived (`tool-{n}`, the title).
 */
export function upgradeTool(
  raw: unknown,
  context: { index: number; inherited: LooseRecord; defaultCreditsPerRun: number },
): Tool {
  const own = looseRecord(raw);
  const read = (key: string, ...aliases: string[]) =>
    firstOf(own, key, ...aliases) ?? firstOf(context.inherited, key, ...aliases);
  const title = looseText(firstOf(own, "title", "header", "name") ?? context.inherited.header, T.header);
  const rawPath = looseText(own.path, 500).trim();
  const path =
    toToolPath(rawPath || title)
      .slice(0, T.path)
      .replace(/-+$/, "") || "tool";
  const inputSteps = upgradeSteps(read("inputSteps", "steps"));
  const stepIds = new Set(inputSteps.map((step) => step.id));
  let gptPrompt = looseText(read("gptPrompt", "prompt"), T.gptPrompt);
  const fields = looseList(read("fields", "customFields")).map((field, index) => {
    const { field: upgraded, renamedFrom } = upgradeCustomField(field, { index, stepIds });
    // Keep the instructions pointing at the field under its v4 name.
    if (renamedFrom)
      gptPrompt = gptPrompt.replace(
        new RegExp(`\\[${escapeRegExp(renamedFrom)}\\]`, "gi"),
        `[${upgraded.name}]`,
      );
    return upgraded;
  });
  const blocks = looseList(read("blocks", "resultBlocks"))
    .slice(0, SAVED_APP_LIMITS.maxBlocks)
    .map(upgradeResultBlock);
  const blockIds = dedupeIds(
    blocks.map((block) => block.id),
    T.id,
  );
  return {
    toolId: looseText(firstOf(own, "toolId", "id"), T.id).trim() || `tool-${context.index + 1}`,
    title,
    description: looseText(firstOf(own, "description") ?? context.inherited.description, T.description),
    path,
    // spec section 4: 'active' shows active, anything else draft.
    status: own.status === "active" ? "active" : "draft",
    imageUrl: looseImage(firstOf(own, "imageUrl", "image"), T.url),
    isProTool: looseBoolean(own.isProTool),
    creditsPerRun: looseNumber(own.creditsPerRun, {
      min: CREDITS.min,
      max: CREDITS.max,
      step: 1,
      fallback: context.defaultCreditsPerRun,
    }),
    gptPrompt: gptPrompt.slice(0, T.gptPrompt),
    fields,
    blocks: blocks.map((block, index) => ({ ...block, id: blockIds[index]! })),
    isMultiStepInput: looseBoolean(read("isMultiStepInput")),
    inputSteps,
    examples: looseList(read("examples"))
      .map((example) =>
        looseText(typeof example === "string" ? example : looseRecord(example).text, T.example),
      )
      .filter((example) => example.trim() !== "")
      .slice(0, SAVED_APP_LIMITS.maxExamples),
    welcomeMessage: looseText(read("welcomeMessage"), T.welcomeMessage),
    inputLabel: looseText(read("inputLabel"), T.inputLabel),
    inputPlaceholder: looseText(read("inputPlaceholder"), T.inputPlaceholder),
    isInputCollapsed: looseBoolean(read("isInputCollapsed")),
    isInputHidden: looseBoolean(read("isInputHidden")),
    ctaMessage: looseText(read("ctaMessage"), T.ctaMessage),
    ctaButton: looseText(read("ctaButton"), T.ctaButton),
    ctaLink: looseUrl(read("ctaLink"), T.url),
    dataItems: looseList(firstOf(own, "dataItems", "contextItems"))
      .map(upgradeDataItem)
      .filter((item) => item !== null),
  };
}
