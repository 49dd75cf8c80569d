import type { ResultBlock } from "@liftoff/domain";

/** What a block's preview shows: content of the block's kind, as a run could produce it. */
export type SampleBlockOutput =
  | { kind: "markdown"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; columns: string[]; rows: string[][] }
  | { kind: "key_facts"; facts: { label: string; value: string }[] }
  | { kind: "image"; alt: string; caption: string }
  | { kind: "json"; value: unknown };

/** How many entries a sample has when the block sets no count of its own. */
const DEFAULT_ITEMS = 3;
/** A preview never shows more entries than this, whatever the minimum asks. */
const MAX_PREVIEW_ITEMS = 8;

/** A small stable hash (FNV-1a), so one title always gives the same sample. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `count` entries of `pool`, starting at a place chosen by `seed` and wrapping round. */
function pick<T>(pool: readonly T[], seed: number, count: number): T[] {
  return Array.from({ length: count }, (_, i) => pool[(seed + i) % pool.length] as T);
}

/** The subject a sample talks about: the block's title, or a neutral one while it has none. */
function topicOf(block: ResultBlock): string {
  const title = block.title.trim();
  return title === "" ? "your request" : title.toLowerCase();
}

function itemCount(block: ResultBlock): number {
  const min = block.validation?.minItems;
  const max = block.validation?.maxItems;
  let count = DEFAULT_ITEMS;
  if (min !== undefined) count = Math.max(count, min);
  if (max !== undefined) count = Math.min(count, max);
  return Math.min(Math.max(count, 0), MAX_PREVIEW_ITEMS);
}

const POINTS = [
  "Start with the goal you care about most and work backwards from it",
  "Set aside a short, fixed time each day rather than one long session",
  "Track one simple number so progress is easy to see",
  "Ask for feedback early, before the details are settled",
  "Keep a short list of what worked and repeat it next time",
  "Drop the steps that add effort without changing the result",
  "Plan for the busiest day of the week first",
  "Review the plan after two weeks and adjust one thing at a time",
];

const FACTS = [
  { label: "Best for", value: "Beginners with little spare time" },
  { label: "Time needed", value: "About 30 minutes a day" },
  { label: "Difficulty", value: "Moderate" },
  { label: "Estimated cost", value: "$20 to $40 a month" },
  { label: "First result", value: "Within two weeks" },
  { label: "Main risk", value: "Dropping the routine after a busy week" },
  { label: "Next step", value: "Pick a start date and tell someone" },
  { label: "Confidence", value: "High" },
];

const TABLE_ROWS = [
  ["Option A", "Quick to start, low cost", "High"],
  ["Option B", "Best long-term value", "Medium"],
  ["Option C", "Needs expert help", "Low"],
  ["Option D", "Works well in small teams", "Medium"],
  ["Option E", "Flexible, but slower", "Low"],
  ["Option F", "Most popular choice", "High"],
  ["Option G", "Good for a first try", "Medium"],
  ["Option H", "Only for large budgets", "Low"],
];

const SENTENCES = [
  "Here is a clear overview based on the answers you gave.",
  "The plan below balances what matters most to you with the time you have.",
  "Each step builds on the previous one, so it is best followed in order.",
  "Small, steady changes tend to last longer than big ones made all at once.",
  "If something does not fit your situation, swap it for the closest alternative.",
  "Come back to this summary whenever you need a quick reminder of the essentials.",
];

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Rich text that honours the block's length bounds: extra sentences are added up to the
 * minimum, and the text is cut at a word boundary (with an ellipsis) to fit the maximum.
 */
function sampleMarkdown(block: ResultBlock, seed: number): string {
  const heading = `## ${sentenceCase(block.title.trim() || "Your result")}`;
  const [first, second] = pick(SENTENCES, seed, 2);
  const bullets = pick(POINTS, seed, 3).map((point) => `- ${point}`);
  let text = [heading, first, bullets.join("\n"), second].join("\n\n");
  const min = block.validation?.minLength;
  const max = block.validation?.maxLength;
  for (let i = 2; min !== undefined && text.length < min && i < 200; i++)
    text += `\n\n${SENTENCES[(seed + i) % SENTENCES.length]}`;
  if (max !== undefined && text.length > max) {
    if (max <= 1) return "…".slice(0, max);
    const cut = text.slice(0, max - 1);
    const space = cut.lastIndexOf(" ");
    text = `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  return text;
}

/** Sample values for the JSON types a schema names. */
function sampleOfType(type: unknown, name: string): unknown {
  const kind = Array.isArray(type) ? type.find((entry) => entry !== "null") : type;
  switch (kind) {
    case "number":
      return 42.5;
    case "integer":
      return 3;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    case "null":
      return null;
    default:
      return `Sample ${name.replace(/[_-]+/g, " ")}`.trim();
  }
}

/**
 * A value shaped like a JSON schema (object properties, array items, enum, const, types),
 * deep enough for a preview; anything it does not know becomes a sample string.
 */
export function sampleFromJsonSchema(schema: unknown, name = "value", depth = 0, count = 2): unknown {
  if (typeof schema !== "object" || schema === null || depth > 4) return sampleOfType(undefined, name);
  const node = schema as Record<string, unknown>;
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ("default" in node) return node.default;
  const properties =
    typeof node.properties === "object" && node.properties !== null
      ? (node.properties as Record<string, unknown>)
      : null;
  if (node.type === "object" || (node.type === undefined && properties)) {
    const value: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(properties ?? {}))
      value[key] = sampleFromJsonSchema(child, key, depth + 1);
    for (const key of Array.isArray(node.required) ? node.required : [])
      if (typeof key === "string" && !(key in value)) value[key] = sampleOfType(undefined, key);
    return value;
  }
  if (node.type === "array") {
    const min = typeof node.minItems === "number" ? node.minItems : 0;
    const max = typeof node.maxItems === "number" ? node.maxItems : Number.POSITIVE_INFINITY;
    const length = Math.min(Math.max(count, min), max, MAX_PREVIEW_ITEMS);
    return Array.from({ length }, () => sampleFromJsonSchema(node.items, name, depth + 1));
  }
  return sampleOfType(node.type, name);
}

function sampleJson(block: ResultBlock, seed: number): unknown {
  const validation = block.validation;
  const count = itemCount(block);
  let value: unknown;
  if (validation?.jsonSchema) value = sampleFromJsonSchema(validation.jsonSchema, "value", 0, count);
  else
    value = {
      title: sentenceCase(block.title.trim() || "Your result"),
      summary: SENTENCES[seed % SENTENCES.length],
      items: pick(POINTS, seed, count),
      score: 80 + (seed % 20),
    };
  // Required keys are part of what the output must hold, so the sample shows them too.
  if (
    validation?.requiredKeys?.length &&
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value)
  ) {
    const object = value as Record<string, unknown>;
    for (const key of validation.requiredKeys)
      if (!(key in object)) object[key] = sampleOfType(undefined, key);
  }
  return value;
}

function sampleFacts(block: ResultBlock, seed: number): { label: string; value: string }[] {
  const count = itemCount(block);
  const required = (block.validation?.requiredKeys ?? []).map((key) => ({
    label: key,
    value: `Sample ${key.replace(/[_-]+/g, " ")}`,
  }));
  const others = pick(FACTS, seed, FACTS.length).filter(
    (fact) => !required.some((key) => key.label.toLowerCase() === fact.label.toLowerCase()),
  );
  // Required keys always show, even past the count: the output cannot be valid without them.
  return [...required, ...others].slice(0, Math.max(count, required.length));
}

/**
 * Deterministic, realistic sample content of a block's kind, chosen from its title (the same
 * title always gives the same sample) and shaped by its validation: counts, lengths, a JSON
 * schema and required keys. The builder sees what the block will look like before any run.
 */
export function sampleBlockOutput(block: ResultBlock): SampleBlockOutput {
  const seed = hashOf(`${block.kind}:${block.title.trim().toLowerCase()}`);
  const topic = topicOf(block);
  switch (block.kind) {
    case "markdown":
      return { kind: "markdown", text: sampleMarkdown(block, seed) };
    case "list":
      return { kind: "list", items: pick(POINTS, seed, itemCount(block)) };
    case "table":
      return {
        kind: "table",
        columns: ["Option", "Why it fits", "Priority"],
        rows: pick(TABLE_ROWS, seed, itemCount(block)).map((row) => [...row]),
      };
    case "key_facts":
      return { kind: "key_facts", facts: sampleFacts(block, seed) };
    case "image":
      return {
        kind: "image",
        alt: `Generated image: ${topic}`,
        caption: `An image generated for ${topic}`,
      };
    case "json":
      return { kind: "json", value: sampleJson(block, seed) };
  }
}
