import { generateCsvMapping } from "@liftoff/ai";
import type { CsvGenerateMappingRequest, CsvMappingItem } from "@liftoff/domain";
import { aiFailureToAppError } from "../../ai/ai-failure-to-app-error.ts";
import type { AiService } from "../../ai/create-ai-service.ts";

/** A mapping is a short answer; past this the wizard is better off with its basic mapping. */
const MAPPING_TIMEOUT_MS = 60_000;

/**
 * The model's mapping of the CSV's columns to the entity's fields. Without a model: 503
 * "No AI model is configured…"; when the provider fails or answers nonsense: 503 with what
 * happened. The wizard turns any of these into its basic mapping.
 */
export async function suggestCsvMapping(
  ai: AiService,
  request: CsvGenerateMappingRequest,
): Promise<CsvMappingItem[]> {
  const { config, model } = ai.require();
  try {
    return await generateCsvMapping(
      { model, maxRetries: config.maxRetries, abortSignal: AbortSignal.timeout(MAPPING_TIMEOUT_MS) },
      request,
    );
  } catch (error) {
    throw aiFailureToAppError(error, "the CSV column mapping");
  }
}
