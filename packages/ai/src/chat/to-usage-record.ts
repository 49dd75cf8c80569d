import type { UsageRecord } from "@liftoff/domain";
import type { ModelRates } from "./model-rates.ts";

export type TokenUsage = {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
};

const cost = (tokens: number, ratePerMillion: number) => Math.round(tokens * ratePerMillion * 1e3) / 1e9;

/**
 * The usage record of spec section 3 for one turn. Prompt tokens exclude cached reads and
 * writes, which are priced at their own rates; rates are USD per 1M tokens.
 */
export function toUsageRecord(options: {
  usage: TokenUsage;
  rates: ModelRates;
  model: string;
  finishReason: string;
  timestamp?: Date;
}): UsageRecord {
  const { usage, rates } = options;
  const promptTokens = Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);
  const record = {
    promptTokens,
    promptCost: cost(promptTokens, rates.prompt),
    promptRate: rates.prompt,
    completionTokens: usage.outputTokens,
    completionCost: cost(usage.outputTokens, rates.completion),
    completionRate: rates.completion,
    cacheReadTokens: usage.cacheReadTokens,
    cacheReadCost: cost(usage.cacheReadTokens, rates.cacheRead),
    cacheReadRate: rates.cacheRead,
    cacheWriteTokens: usage.cacheWriteTokens,
    cacheWriteCost: cost(usage.cacheWriteTokens, rates.cacheWrite),
    cacheWriteRate: rates.cacheWrite,
  };
  return {
    ...record,
    totalTokens: usage.inputTokens + usage.outputTokens,
    totalCost:
      Math.round(
        (record.promptCost + record.completionCost + record.cacheReadCost + record.cacheWriteCost) * 1e9,
      ) / 1e9,
    modelInfo: { model: options.model },
    finishReason: options.finishReason,
    timestamp: (options.timestamp ?? new Date()).toISOString(),
  };
}

/** Adds two turns' usage (a continuation after a failed edit asks the model again). */
export function addTokenUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}
