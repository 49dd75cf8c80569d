import type { CsvGenerateMappingRequest, CsvMappingItem } from "@liftoff/domain";
import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from "ai";
import { z } from "zod";
import { CSV_MAPPING_SYSTEM_PROMPT, csvMappingUserPrompt } from "../prompts/csv-mapping-prompt.ts";
import { InvalidModelOutputError } from "../providers/describe-ai-error.ts";
import { normalizeCsvMapping, type RawCsvMapping } from "./normalize-csv-mapping.ts";

/** The shape asked of the model; loose on values, which normalizeCsvMapping checks. */
const modelAnswerSchema = z.object({
  mappings: z.array(
    z.object({
      csvHeader: z.string(),
      schemaField: z.string().nullable(),
      dataType: z.string(),
    }),
  ),
});

export type CsvMappingModel = { model: LanguageModel; maxRetries: number; abortSignal?: AbortSignal };

/**
 * Asks the model how the CSV's columns map to the entity's fields (structured output: JSON
 * schema where the provider supports it, JSON mode otherwise), then keeps only what the
 * schema can hold, one item per header. Low temperature: this is a lookup, not prose.
 * Throws InvalidModelOutputError when the answer is not the asked-for JSON.
 */
export async function generateCsvMapping(
  ai: CsvMappingModel,
  request: CsvGenerateMappingRequest,
): Promise<CsvMappingItem[]> {
  let raw: RawCsvMapping;
  try {
    const result = await generateText({
      model: ai.model,
      system: CSV_MAPPING_SYSTEM_PROMPT,
      prompt: csvMappingUserPrompt(request),
      output: Output.object({ schema: modelAnswerSchema, name: "csv_mapping" }),
      temperature: 0,
      maxRetries: ai.maxRetries,
      ...(ai.abortSignal ? { abortSignal: ai.abortSignal } : {}),
    });
    raw = result.output;
  } catch (error) {
    if (!NoObjectGeneratedError.isInstance(error)) throw error;
    raw = salvage(error.text);
  }
  return normalizeCsvMapping(request, raw);
}

/**
 * Models in JSON mode still fence their answer or add a sentence around it now and then;
 * the object inside is taken when it has the right shape.
 */
function salvage(text: string | undefined): RawCsvMapping {
  const start = text?.indexOf("{") ?? -1;
  const end = text?.lastIndexOf("}") ?? -1;
  if (text && start !== -1 && end > start) {
    try {
      const parsed = modelAnswerSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: reported below
    }
  }
  throw new InvalidModelOutputError("the model did not answer with the mapping JSON");
}
