import {
  type BlockValidation,
  blockValidationSchema,
  GENERATED_APP_MESSAGES,
  type ResultBlock,
  type ResultBlockKind,
  resultBlockSchema,
  SAVED_APP_LIMITS,
  SAVED_APP_TEXT_LIMITS,
  tooManyMessage,
} from "@liftoff/domain";

/** What the "Add block" menu says of each kind (the icon is the view's). */
export const BLOCK_KIND_INFO: Record<ResultBlockKind, { label: string; description: string; title: string }> =
  {
    markdown: {
      label: "Rich text",
      description: "Formatted text with headings, paragraphs and bullets",
      title: "Summary",
    },
    list: { label: "List", description: "A bulleted list of short points", title: "Key points" },
    table: {
      label: "Table",
      description: "Rows and columns, for comparisons and plans",
      title: "Comparison",
    },
    key_facts: {
      label: "Key facts",
      description: "Label and value pairs, for figures at a glance",
      title: "At a glance",
    },
    image: { label: "Image", description: "A picture generated for the answer", title: "Illustration" },
    json: { label: "JSON data", description: "Structured data other tools can read", title: "Data" },
  };

/** The message shown once a tool holds as many blocks as the contract allows. */
export const BLOCK_LIMIT_MESSAGE = tooManyMessage("result blocks", SAVED_APP_LIMITS.maxBlocks);

/**
 * Optional checks a builder may turn on for a block. The contract allows every check on every
 * kind; the editor offers only those that mean something for the kind's output (a length for
 * text, a count for anything with entries, keys for anything read as an object), so a builder
 * never sets a check the run could not apply.
 */
export type ValidationFeature = "jsonSchema" | "requiredKeys" | "itemCount" | "length" | "modelCheck";

export const VALIDATION_FEATURE_INFO: Record<ValidationFeature, { label: string; description: string }> = {
  jsonSchema: { label: "JSON schema", description: "The output, read as JSON, must satisfy this schema" },
  requiredKeys: { label: "Required keys", description: "The output must have each of these keys" },
  itemCount: { label: "Number of items", description: "How many rows or entries the output may have" },
  length: { label: "Length", description: "How many characters the text may have" },
  modelCheck: { label: "Model check", description: "A second model call judges the output with your prompt" },
};

export const VALIDATION_FEATURES_BY_KIND: Record<ResultBlockKind, readonly ValidationFeature[]> = {
  markdown: ["length", "modelCheck"],
  list: ["itemCount", "jsonSchema", "modelCheck"],
  table: ["itemCount", "jsonSchema", "modelCheck"],
  key_facts: ["itemCount", "requiredKeys", "jsonSchema", "modelCheck"],
  image: ["modelCheck"],
  json: ["jsonSchema", "requiredKeys", "itemCount", "modelCheck"],
};

const FEATURE_KEYS: Record<ValidationFeature, readonly (keyof BlockValidation)[]> = {
  jsonSchema: ["jsonSchema"],
  requiredKeys: ["requiredKeys"],
  itemCount: ["minItems", "maxItems"],
  length: ["minLength", "maxLength"],
  modelCheck: ["modelCheckPrompt"],
};

/** The schema a new JSON schema check starts from: an object, which the contract requires. */
export const STARTER_JSON_SCHEMA = { type: "object", properties: {}, required: [] };

export type BlockListChange = { ok: true; blocks: ResultBlock[] } | { ok: false; message: string };

export function canAddBlock(blocks: readonly ResultBlock[]): boolean {
  return blocks.length < SAVED_APP_LIMITS.maxBlocks;
}

/** "block-N" with the first N no block of the tool uses. */
export function nextBlockId(blocks: readonly ResultBlock[]): string {
  const taken = new Set(blocks.map((block) => block.id));
  let n = blocks.length + 1;
  while (taken.has(`block-${n}`)) n++;
  return `block-${n}`;
}

/** A new block of `kind` at the end, titled after its kind so the preview reads well at once. */
export function addBlock(blocks: readonly ResultBlock[], kind: ResultBlockKind): BlockListChange {
  if (!canAddBlock(blocks)) return { ok: false, message: BLOCK_LIMIT_MESSAGE };
  const block: ResultBlock = {
    id: nextBlockId(blocks),
    kind,
    title: BLOCK_KIND_INFO[kind].title,
    instruction: "",
  };
  return { ok: true, blocks: [...blocks, block] };
}

/** A copy right after the original, with a fresh id and "(copy)" in its title. */
export function duplicateBlock(blocks: readonly ResultBlock[], index: number): BlockListChange {
  const original = blocks[index];
  if (!original) return { ok: true, blocks: [...blocks] };
  if (!canAddBlock(blocks)) return { ok: false, message: BLOCK_LIMIT_MESSAGE };
  const title = `${original.title} (copy)`.slice(0, SAVED_APP_TEXT_LIMITS.blockTitle);
  const copy: ResultBlock = structuredClone({ ...original, id: nextBlockId(blocks), title });
  return { ok: true, blocks: [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)] };
}

export function removeBlock(blocks: readonly ResultBlock[], index: number): ResultBlock[] {
  return blocks.filter((_, at) => at !== index);
}

/** Moves a block one place up (-1) or down (+1); at either end the list is unchanged. */
export function moveBlock(blocks: readonly ResultBlock[], index: number, direction: -1 | 1): ResultBlock[] {
  const target = index + direction;
  const next = [...blocks];
  if (index < 0 || index >= blocks.length || target < 0 || target >= blocks.length) return next;
  [next[index], next[target]] = [next[target] as ResultBlock, next[index] as ResultBlock];
  return next;
}

export function replaceBlock(
  blocks: readonly ResultBlock[],
  index: number,
  block: ResultBlock,
): ResultBlock[] {
  return blocks.map((current, at) => (at === index ? block : current));
}

/** The block with its validation replaced; an empty validation is dropped, as the contract reads "off". */
export function withValidation(block: ResultBlock, validation: BlockValidation): ResultBlock {
  const kept = Object.fromEntries(
    Object.entries(validation).filter(([, value]) => value !== undefined),
  ) as BlockValidation;
  const { validation: _old, ...rest } = block;
  return Object.keys(kept).length > 0 ? { ...rest, validation: kept } : rest;
}

/** Whether any part of `feature` is stored on the block (an empty prompt or key list counts: it is being written). */
export function isFeatureOn(block: ResultBlock, feature: ValidationFeature): boolean {
  return FEATURE_KEYS[feature].some((key) => block.validation?.[key] !== undefined);
}

/**
 * Turns a check on with a starting value, or off by removing its keys. Counts start at one
 * item or 2,000 characters at most, the most common intent; the builder edits them next.
 */
export function setFeature(block: ResultBlock, feature: ValidationFeature, on: boolean): ResultBlock {
  const validation: BlockValidation = { ...block.validation };
  for (const key of FEATURE_KEYS[feature]) delete validation[key];
  if (on) {
    if (feature === "jsonSchema") validation.jsonSchema = structuredClone(STARTER_JSON_SCHEMA);
    if (feature === "requiredKeys") validation.requiredKeys = [];
    if (feature === "itemCount") validation.minItems = 1;
    if (feature === "length") validation.maxLength = 2_000;
    if (feature === "modelCheck") validation.modelCheckPrompt = "";
  }
  return withValidation(block, validation);
}

/** A new kind keeps the title and instruction and drops the checks the new kind does not offer. */
export function changeBlockKind(block: ResultBlock, kind: ResultBlockKind): ResultBlock {
  let next: ResultBlock = { ...block, kind };
  for (const feature of Object.keys(FEATURE_KEYS) as ValidationFeature[])
    if (!VALIDATION_FEATURES_BY_KIND[kind].includes(feature)) next = setFeature(next, feature, false);
  return next;
}

export type JsonSchemaParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/**
 * The JSON schema a builder typed. It must parse as JSON, be an object and fit the contract's
 * size cap; the parser's own words say where the JSON breaks.
 */
export function parseJsonSchemaText(text: string): JsonSchemaParse {
  if (text.trim() === "") return { ok: false, message: "Enter a JSON schema, or turn this check off" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "";
    return { ok: false, message: `This is not valid JSON${reason ? `: ${reason}` : ""}` };
  }
  const checked = blockValidationSchema.shape.jsonSchema.safeParse(value);
  if (!checked.success || checked.data === undefined)
    return {
      ok: false,
      message: checked.error?.issues[0]?.message ?? GENERATED_APP_MESSAGES.jsonSchemaInvalid,
    };
  return { ok: true, value: checked.data };
}

export function formatJsonSchema(value: Record<string, unknown> | undefined): string {
  return value ? JSON.stringify(value, null, 2) : "";
}

/** Keys typed one per line (or comma separated), trimmed, without blanks or repeats. */
export function parseRequiredKeys(text: string): string[] {
  const keys = text
    .split(/[\n,]/)
    .map((key) => key.trim())
    .filter((key) => key !== "");
  return [...new Set(keys)];
}

export type CountParse = { ok: true; value: number | undefined } | { ok: false; message: string };

/** A min or max typed in a number box: empty means no bound; otherwise a whole number from 0. */
export function parseCount(text: string): CountParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !Number.isInteger(value))
    return { ok: false, message: "Enter a whole number" };
  if (value < 0) return { ok: false, message: "Enter 0 or more" };
  return { ok: true, value };
}

/**
 * The contract's messages for one block, keyed by the path inside the block ("title",
 * "validation.minItems"), so the editor shows them while the builder types, before a save.
 */
export function blockMessages(block: ResultBlock): Record<string, string> {
  const messages: Record<string, string> = {};
  const checked = resultBlockSchema.safeParse(block);
  if (!checked.success)
    for (const issue of checked.error.issues) messages[issue.path.join(".")] ??= issue.message;
  return messages;
}

/** A short label per check that is in force, for the block's badges. */
export function activeFeatureBadges(block: ResultBlock): string[] {
  const validation = block.validation;
  if (!validation) return [];
  const badges: string[] = [];
  if (validation.jsonSchema) badges.push("JSON schema");
  const keys = validation.requiredKeys?.length ?? 0;
  if (keys > 0) badges.push(`${keys} required ${keys === 1 ? "key" : "keys"}`);
  const items = rangeText(validation.minItems, validation.maxItems, "items");
  if (items) badges.push(items);
  const length = rangeText(validation.minLength, validation.maxLength, "characters");
  if (length) badges.push(length);
  if ((validation.modelCheckPrompt ?? "").trim() !== "") badges.push("Model check");
  return badges;
}

function rangeText(min: number | undefined, max: number | undefined, unit: string): string | null {
  const format = (n: number) => n.toLocaleString("en-US");
  if (min !== undefined && max !== undefined)
    return min === max ? `Exactly ${format(min)} ${unit}` : `${format(min)}–${format(max)} ${unit}`;
  if (min !== undefined) return `At least ${format(min)} ${unit}`;
  if (max !== undefined) return `At most ${format(max)} ${unit}`;
  return null;
}

/** Messages of the server keyed inside the tool ("blocks.2.title") that belong to block `index`, re-keyed inside the block. */
export function messagesOfBlock(messages: Record<string, string>, index: number): Record<string, string> {
  const prefix = `blocks.${index}.`;
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(messages))
    if (path.startsWith(prefix)) own[path.slice(prefix.length)] = message;
  return own;
}
