import { z } from "zod";
import { customFieldSchema } from "./custom-field.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/** What magic create can make (spec section 7: magicType 'field'). */
export const MAGIC_TYPES = ["field"] as const;

/** The one sentence a builder types to describe the field (ours: the spec gives no cap). */
export const MAGIC_INPUT_MAX = 500;

/**
 * POST /api/builder/magicCreate (spec section 7): `input` describes the field in a
 * sentence; `prompt` is the tool's current instructions, context for the model's choice
 * of name and label; `appId`, when given, must be an app the caller manages (its owner's
 * plan then decides which field types the model may use).
 */
export const magicCreateBodySchema = z.object({
  input: z
    .string({ error: "Describe the field in a sentence" })
    .trim()
    .min(1, "Describe the field in a sentence")
    .max(MAGIC_INPUT_MAX, `The description can be at most ${MAGIC_INPUT_MAX} characters`),
  magicType: z.enum(MAGIC_TYPES, { error: "magicType must be 'field'" }),
  prompt: z
    .string({ error: "prompt must be text" })
    .max(
      SAVED_APP_TEXT_LIMITS.gptPrompt,
      `prompt can be at most ${SAVED_APP_TEXT_LIMITS.gptPrompt.toLocaleString("en-US")} characters`,
    )
    .optional(),
  appId: z.string({ error: "appId must be text" }).min(1).max(SAVED_APP_TEXT_LIMITS.id).optional(),
});
export type MagicCreateBody = z.infer<typeof magicCreateBodySchema>;

/** The field made, ready to add to the tool (its name still to be checked against the tool's others). */
export const magicCreateResponseSchema = z.object({ result: customFieldSchema });
export type MagicCreateResponse = z.infer<typeof magicCreateResponseSchema>;
