import { z } from "zod";
import { boundedText, itemId, optionalImage, optionalUrl } from "./bounded-text.ts";
import { customFieldSchema } from "./custom-field.ts";
import { GENERATED_APP_MESSAGES, rangeMessage, tooManyMessage } from "./generated-app-messages.ts";
import { inputStepSchema } from "./input-step.ts";
import { TOOL_PATH_PATTERN } from "./is-valid-tool-path.ts";
import { resultBlockSchema } from "./result-block.ts";
import { SAVED_APP_LIMITS, SAVED_APP_SETTINGS_RANGES, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";
import { toolDataItemSchema } from "./tool-data-item.ts";

/** spec section 4: 'active' shows active, anything else is draft. */
export const TOOL_STATUSES = ["active", "draft"] as const;
export const toolStatusSchema = z.enum(TOOL_STATUSES);
export type ToolStatus = z.infer<typeof toolStatusSchema>;

const credits = SAVED_APP_SETTINGS_RANGES.creditsPerRun;

/** Credits one run costs the end user (spec sections 5 and 9: 0 to 20, default 1). */
export const creditsPerRunSchema = z
  .number()
  .int("Credits per run must be a whole number")
  .min(credits.min, rangeMessage("Credits per run", credits.min, credits.max))
  .max(credits.max, rangeMessage("Credits per run", credits.min, credits.max));

/** Up to 3 input examples (spec section 9). */
export const examplesSchema = z
  .array(boundedText("Example", SAVED_APP_TEXT_LIMITS.example))
  .max(SAVED_APP_LIMITS.maxExamples, GENERATED_APP_MESSAGES.tooManyExamples);

/**
 * One AI tool of an app (spec section 3 "Tool") with everything the builder configures for
 * it: texts, input fields and steps, instructions (gptPrompt, where [name] tags stand for
 * field answers), result blocks, call to action and data items. A generated app holds
 * several; a single tool is an app with exactly one.
 */
export const toolSchema = z.object({
  toolId: itemId("Tool id"),
  title: boundedText("Header", SAVED_APP_TEXT_LIMITS.header),
  description: boundedText("Description", SAVED_APP_TEXT_LIMITS.description),
  path: z
    .string()
    .max(SAVED_APP_TEXT_LIMITS.path, `Path can be at most ${SAVED_APP_TEXT_LIMITS.path} characters`)
    .regex(TOOL_PATH_PATTERN, GENERATED_APP_MESSAGES.invalidPath),
  status: toolStatusSchema,
  imageUrl: optionalImage("Tool image"),
  isProTool: z.boolean(),
  creditsPerRun: creditsPerRunSchema,
  gptPrompt: boundedText("Instructions", SAVED_APP_TEXT_LIMITS.gptPrompt),
  fields: z.array(customFieldSchema),
  blocks: z
    .array(resultBlockSchema)
    .max(SAVED_APP_LIMITS.maxBlocks, tooManyMessage("result blocks", SAVED_APP_LIMITS.maxBlocks)),
  isMultiStepInput: z.boolean(),
  inputSteps: z
    .array(inputStepSchema)
    .max(SAVED_APP_LIMITS.maxInputSteps, tooManyMessage("input steps", SAVED_APP_LIMITS.maxInputSteps)),
  examples: examplesSchema,
  welcomeMessage: boundedText("Welcome message", SAVED_APP_TEXT_LIMITS.welcomeMessage),
  inputLabel: boundedText("Input label", SAVED_APP_TEXT_LIMITS.inputLabel),
  inputPlaceholder: boundedText("Input placeholder", SAVED_APP_TEXT_LIMITS.inputPlaceholder),
  isInputCollapsed: z.boolean(),
  isInputHidden: z.boolean(),
  ctaMessage: boundedText("Call to action message", SAVED_APP_TEXT_LIMITS.ctaMessage),
  ctaButton: boundedText("Call to action button", SAVED_APP_TEXT_LIMITS.ctaButton),
  ctaLink: optionalUrl("Call to action link", GENERATED_APP_MESSAGES.ctaLinkInvalid),
  dataItems: z.array(toolDataItemSchema),
});
export type Tool = z.infer<typeof toolSchema>;

/** A new draft tool: no title yet, so it cannot be activated until it gets one. */
export function emptyTool(input: { toolId: string; path: string; title?: string }): Tool {
  return {
    toolId: input.toolId,
    title: input.title ?? "",
    description: "",
    path: input.path,
    status: "draft",
    imageUrl: "",
    isProTool: false,
    creditsPerRun: SAVED_APP_SETTINGS_RANGES.creditsPerRun.default,
    gptPrompt: "",
    fields: [],
    blocks: [],
    isMultiStepInput: false,
    inputSteps: [],
    examples: [],
    welcomeMessage: "",
    inputLabel: "",
    inputPlaceholder: "",
    isInputCollapsed: false,
    isInputHidden: false,
    ctaMessage: "",
    ctaButton: "",
    ctaLink: "",
    dataItems: [],
  };
}
