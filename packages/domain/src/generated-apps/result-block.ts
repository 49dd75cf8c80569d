import { z } from "zod";
import { boundedText, itemId } from "./bounded-text.ts";
import { GENERATED_APP_MESSAGES, tooManyMessage } from "./generated-app-messages.ts";
import { SAVED_APP_LIMITS, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/**
 * Kinds of result block a tool's answer is laid out in (issue 15, "Results layout"):
 * rich text (markdown), a list, a table, key facts (label and value pairs), an image and
 * raw JSON data.
 */
export const RESULT_BLOCK_KINDS = ["markdown", "list", "table", "key_facts", "image", "json"] as const;
export const resultBlockKindSchema = z.enum(RESULT_BLOCK_KINDS);
export type ResultBlockKind = z.infer<typeof resultBlockKindSchema>;

const count = z.number().int("Enter a whole number").min(0, "Enter 0 or more");

/**
 * Optional checks of a block's output (spec section 4: a run is resolved only once every
 * block with validation features is validated or failed). Each is off when absent:
 * - jsonSchema: the output, read as JSON, must satisfy this JSON schema;
 * - requiredKeys: the output object must have these keys;
 * - minItems/maxItems: rows or entries of a list, table, key facts or JSON array;
 * - minLength/maxLength: characters of a markdown block;
 * - modelCheckPrompt: a second model call judges the output with this prompt.
 */
export const blockValidationSchema = z
  .object({
    jsonSchema: z
      .record(z.string(), z.unknown(), { error: GENERATED_APP_MESSAGES.jsonSchemaInvalid })
      .refine(
        (value) => JSON.stringify(value).length <= SAVED_APP_TEXT_LIMITS.jsonSchema,
        GENERATED_APP_MESSAGES.jsonSchemaTooLong,
      )
      .optional(),
    requiredKeys: z
      .array(
        boundedText("Required key", SAVED_APP_TEXT_LIMITS.requiredKey).min(1, "Required key cannot be empty"),
      )
      .max(
        SAVED_APP_LIMITS.maxRequiredKeys,
        tooManyMessage("required keys", SAVED_APP_LIMITS.maxRequiredKeys),
      )
      .optional(),
    minItems: count.optional(),
    maxItems: count.optional(),
    minLength: count.optional(),
    maxLength: count.optional(),
    modelCheckPrompt: boundedText("Model check prompt", SAVED_APP_TEXT_LIMITS.modelCheckPrompt).optional(),
  })
  .superRefine((value, ctx) => {
    for (const [min, max] of [
      ["minItems", "maxItems"],
      ["minLength", "maxLength"],
    ] as const) {
      const low = value[min];
      const high = value[max];
      if (low !== undefined && high !== undefined && low > high)
        ctx.addIssue({ code: "custom", path: [min], message: GENERATED_APP_MESSAGES.minAboveMax });
    }
  });
export type BlockValidation = z.infer<typeof blockValidationSchema>;

/** One part of a tool's answer, with the instruction the model follows for it. */
export const resultBlockSchema = z.object({
  id: itemId("Block id"),
  kind: resultBlockKindSchema,
  title: boundedText("Block title", SAVED_APP_TEXT_LIMITS.blockTitle),
  instruction: boundedText("Block instruction", SAVED_APP_TEXT_LIMITS.blockInstruction),
  validation: blockValidationSchema.optional(),
});
export type ResultBlock = z.infer<typeof resultBlockSchema>;

/** Whether a block has any validation feature, so a run must wait for its verdict. */
export function hasBlockValidation(block: ResultBlock): boolean {
  const validation = block.validation;
  if (!validation) return false;
  return Object.entries(validation).some(([key, value]) => {
    if (value === undefined) return false;
    if (key === "requiredKeys") return (value as string[]).length > 0;
    if (key === "modelCheckPrompt") return (value as string).trim() !== "";
    return true;
  });
}
