import { firstOf, looseEnum, looseList, looseNumber, looseRecord, looseText } from "./loose-read.ts";
import { type BlockValidation, RESULT_BLOCK_KINDS, type ResultBlock } from "./result-block.ts";
import { SAVED_APP_LIMITS, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

const KIND_ALIASES: Record<string, ResultBlock["kind"]> = {
  text: "markdown",
  rich_text: "markdown",
  richtext: "markdown",
  bullets: "list",
  facts: "key_facts",
  keyfacts: "key_facts",
  json_data: "json",
  data: "json",
};

const COUNT = { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1, fallback: 0 };

function upgradeValidation(raw: unknown): BlockValidation | undefined {
  const record = looseRecord(raw);
  const validation: BlockValidation = {};
  const schema = looseRecord(record.jsonSchema);
  if (Object.keys(schema).length > 0 && JSON.stringify(schema).length <= SAVED_APP_TEXT_LIMITS.jsonSchema)
    validation.jsonSchema = schema;
  const keys = looseList(record.requiredKeys)
    .map((key) => looseText(key, SAVED_APP_TEXT_LIMITS.requiredKey).trim())
    .filter((key) => key !== "")
    .slice(0, SAVED_APP_LIMITS.maxRequiredKeys);
  if (keys.length > 0) validation.requiredKeys = keys;
  for (const [min, max] of [
    ["minItems", "maxItems"],
    ["minLength", "maxLength"],
  ] as const) {
    const low =
      record[min] === undefined || record[min] === null ? undefined : looseNumber(record[min], COUNT);
    const high =
      record[max] === undefined || record[max] === null ? undefined : looseNumber(record[max], COUNT);
    // A swapped pair is read the way it was surely meant, rather than dropped.
    const swap = low !== undefined && high !== undefined && low > high;
    if (low !== undefined) validation[min] = swap ? high : low;
    if (high !== undefined) validation[max] = swap ? low : high;
  }
  const check = looseText(
    firstOf(record, "modelCheckPrompt", "checkPrompt"),
    SAVED_APP_TEXT_LIMITS.modelCheckPrompt,
  );
  if (check.trim() !== "") validation.modelCheckPrompt = check;
  return Object.keys(validation).length > 0 ? validation : undefined;
}

/**
 * A result block of any builder version as v4 reads it. Version 1 documents held blocks as
 * bare instruction texts; later ones may spell kinds differently ('text', 'keyFacts').
 * Unreadable validation parts are dropped, never the block.
 */
export function upgradeResultBlock(raw: unknown, index: number): ResultBlock {
  if (typeof raw === "string")
    return {
      id: `block-${index + 1}`,
      kind: "markdown",
      title: "",
      instruction: raw.slice(0, SAVED_APP_TEXT_LIMITS.blockInstruction),
    };
  const record = looseRecord(raw);
  const block: ResultBlock = {
    id: looseText(record.id, SAVED_APP_TEXT_LIMITS.id).trim() || `block-${index + 1}`,
    kind: looseEnum(firstOf(record, "kind", "type"), RESULT_BLOCK_KINDS, "markdown", KIND_ALIASES),
    title: looseText(firstOf(record, "title", "header"), SAVED_APP_TEXT_LIMITS.blockTitle),
    instruction: looseText(
      firstOf(record, "instruction", "prompt", "instructions"),
      SAVED_APP_TEXT_LIMITS.blockInstruction,
    ),
  };
  const validation = upgradeValidation(firstOf(record, "validation", "validationFeatures"));
  if (validation) block.validation = validation;
  return block;
}
