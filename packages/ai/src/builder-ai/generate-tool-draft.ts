import { availableFieldTypes, type Tool } from "@liftoff/domain";
import { z } from "zod";
import { type BuilderAiModel, generateJsonObject } from "./generate-json-object.ts";
import { type GeneratedToolContext, normalizeGeneratedTool } from "./normalize-generated-tool.ts";
import { toolGenerationSystemPrompt, toolGenerationUserPrompt } from "./tool-generation-prompt.ts";

/** The shape asked of the model; normalizeGeneratedTool reads whatever comes back. */
const toolAnswerSchema = z.object({
  title: z.string(),
  description: z.string(),
  path: z.string(),
  welcomeMessage: z.string(),
  inputLabel: z.string(),
  inputPlaceholder: z.string(),
  isMultiStepInput: z.boolean(),
  inputSteps: z.array(z.object({ id: z.string(), title: z.string() })),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      required: z.boolean(),
      personal: z.boolean(),
      stepId: z.string().nullable(),
      instructions: z.string(),
      options: z.array(z.string()),
    }),
  ),
  gptPrompt: z.string(),
  blocks: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), instruction: z.string() })),
  ctaMessage: z.string(),
  ctaButton: z.string(),
  ctaLink: z.string(),
  examples: z.array(z.string()),
});

/**
 * A whole tool from one sentence: one structured-output call, then the answer normalised
 * into a draft the builder can save (normalizeGeneratedTool). Some temperature: this is
 * writing, not a lookup. Throws the provider's errors, or InvalidModelOutputError when
 * the answer cannot be made a tool.
 */
export async function generateToolDraft(
  ai: BuilderAiModel,
  request: { description: string } & GeneratedToolContext,
): Promise<Tool> {
  const answer = await generateJsonObject(ai, {
    system: toolGenerationSystemPrompt(availableFieldTypes(request.viewer)),
    prompt: toolGenerationUserPrompt(request.description),
    schema: toolAnswerSchema,
    name: "tool",
    temperature: 0.4,
  });
  return normalizeGeneratedTool(answer, request);
}
