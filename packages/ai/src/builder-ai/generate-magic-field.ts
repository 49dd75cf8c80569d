import { availableFieldTypes } from "@liftoff/domain";
import { z } from "zod";
import type { BuilderViewer } from "./fit-field-for-builder.ts";
import { type BuilderAiModel, generateJsonObject } from "./generate-json-object.ts";
import { magicFieldSystemPrompt, magicFieldUserPrompt } from "./magic-field-prompt.ts";
import { type MagicFieldOutcome, normalizeMagicField } from "./normalize-magic-field.ts";

/** The shape asked of the model; normalizeMagicField reads whatever comes back. */
const magicFieldAnswerSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  personal: z.boolean(),
  instructions: z.string(),
  options: z.array(z.string()),
});

/**
 * Magic create of a field: one structured-output call, low temperature (naming a field is
 * not prose), then the answer read as a field this builder can save. Throws the provider's
 * errors, or InvalidModelOutputError when the answer is not JSON.
 */
export async function generateMagicField(
  ai: BuilderAiModel,
  request: { description: string; instructions?: string | undefined; viewer: BuilderViewer },
): Promise<MagicFieldOutcome> {
  const answer = await generateJsonObject(ai, {
    system: magicFieldSystemPrompt(availableFieldTypes(request.viewer)),
    prompt: magicFieldUserPrompt(request),
    schema: magicFieldAnswerSchema,
    name: "custom_field",
    temperature: 0.2,
  });
  return normalizeMagicField(answer, request.viewer);
}
