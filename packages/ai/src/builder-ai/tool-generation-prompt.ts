import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  RESULT_BLOCK_KINDS,
  SAVED_APP_LIMITS,
  SAVED_APP_TEXT_LIMITS as T,
} from "@liftoff/domain";
import { fieldTypeLines } from "./magic-field-prompt.ts";

const BLOCK_HINTS: Record<(typeof RESULT_BLOCK_KINDS)[number], string> = {
  markdown: "rich text in markdown",
  list: "a list of items",
  table: "a table of rows",
  key_facts: "label and value pairs",
  image: "an image",
  json: "raw JSON data",
};

/** The system prompt of tool generation: a whole tool, as JSON only. */
export function toolGenerationSystemPrompt(types: readonly CustomFieldType[] = CUSTOM_FIELD_TYPES): string {
  return `You design one form-style AI tool from the builder's one-sentence description. The tool's user fills in its input fields, then an AI model follows the tool's instructions (gptPrompt), where each [name] tag stands for the user's answer to the field called name, and lays its answer out in the result blocks.
Answer with JSON only, no prose and no code fence, in exactly this shape:
{"title":"…","description":"…","path":"…","welcomeMessage":"…","inputLabel":"…","inputPlaceholder":"…","isMultiStepInput":false,"inputSteps":[{"id":"step-1","title":"…"}],"fields":[{"name":"…","label":"…","type":"…","required":true,"personal":false,"stepId":null,"instructions":"","options":[]}],"gptPrompt":"…","blocks":[{"id":"block-1","kind":"markdown","title":"…","instruction":"…"}],"ctaMessage":"…","ctaButton":"…","ctaLink":"","examples":["…"]}
Rules:
- title: the tool's header, at most ${T.header} characters. description: one or two sentences for the user.
- path: the tool's URL segment, lower case words joined by dashes (e.g. trip-planner).
- fields: the inputs the tool needs, at most 8. name is 1 to ${T.fieldName} characters of letters, digits, _ and - (snake_case), different for each field, never "input". type is one of:
${fieldTypeLines(types)}
  options: the choices of a select or multiselect field, else [].
- gptPrompt: clear instructions for the AI model that uses the tool's fields through their tags, e.g. "Plan a trip to [destination] for [days] days." Use every field's tag.
- inputSteps and isMultiStepInput: only for tools with many fields; then isMultiStepInput is true, each step has an id and a title, and each field's stepId names its step. Otherwise [] and false, and every stepId is null.
- blocks: 1 to 4 result blocks; kind is one of: ${RESULT_BLOCK_KINDS.map((kind) => `${kind} (${BLOCK_HINTS[kind]})`).join(", ")}. Each block's instruction says what the model writes in it.
- ctaMessage and ctaButton: an optional call to action shown under the result (ctaButton at most ${T.ctaButton} characters); ctaLink stays "" unless the description gives a link.
- examples: up to ${SAVED_APP_LIMITS.maxExamples} short sample requests a user might make.
- Write every text in the language of the description.`;
}

/** The user message: the builder's sentence. */
export function toolGenerationUserPrompt(description: string): string {
  return `Tool to create: ${description}`;
}
