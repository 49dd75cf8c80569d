import type { CustomField } from "../generated-apps/custom-field.ts";
import { describeHeight, describeWeight, type HeightValue, type WeightValue } from "./convert-units.ts";
import { quoteUserValue } from "./quote-user-value.ts";
import type { RunFieldValue } from "./run-contract.ts";

/** What an unanswered optional field reads as in the prompt. */
export const NO_ANSWER = "(no answer)";

/**
 * One answer as the prompt shows it, escaped by quoteUserValue: text as is, several options
 * as quoted values separated by commas, a height or weight in the chosen unit with the
 * other system after it. Missing or empty answers read NO_ANSWER.
 */
export function formatFieldValue(field: Pick<CustomField, "type">, value: RunFieldValue | undefined): string {
  if (value === undefined) return NO_ANSWER;
  if (Array.isArray(value)) return value.length === 0 ? NO_ANSWER : value.map(quoteUserValue).join(", ");
  if (typeof value === "object") {
    if (field.type === "height") return quoteUserValue(describeHeight(value as HeightValue));
    if (field.type === "weight") return quoteUserValue(describeWeight(value as WeightValue));
    return NO_ANSWER;
  }
  return value.trim() === "" ? NO_ANSWER : quoteUserValue(value);
}
