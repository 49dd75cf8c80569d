import type { ResultBlock } from "../generated-apps/result-block.ts";
import { checkJsonSchema } from "./check-json-schema.ts";
import { type BlockOutput, readBlockOutput } from "./read-block-output.ts";

function items(count: number): string {
  return `${count} item${count === 1 ? "" : "s"}`;
}

export type BlockOutputCheck = { ok: true; output: BlockOutput } | { ok: false; message: string };

/**
 * The block's data as JSON, for its jsonSchema: table rows, the key facts object, the JSON
 * value, the list's items as an array of strings, the text of a markdown block or the
 * description of an image block.
 */
function asJson(output: BlockOutput): unknown {
  switch (output.kind) {
    case "markdown":
      return output.text;
    case "list":
      return output.items;
    case "table":
      return output.rows;
    case "key_facts":
      return output.facts;
    case "image":
      return output.description;
    case "json":
      return output.value;
  }
}

/** Rows or entries counted by minItems/maxItems; null for kinds that have none. */
function itemCount(output: BlockOutput): number | null {
  switch (output.kind) {
    case "list":
      return output.items.length;
    case "table":
      return output.rows.length;
    case "key_facts":
      return Object.keys(output.facts).length;
    case "json":
      return Array.isArray(output.value) ? output.value.length : null;
    default:
      return null;
  }
}

/** The objects whose keys requiredKeys checks: the facts, each table row, a JSON object. */
function keyedObjects(output: BlockOutput): { where: string; object: Record<string, unknown> }[] | null {
  if (output.kind === "key_facts") return [{ where: "The facts", object: output.facts }];
  if (output.kind === "table")
    return output.rows.map((object, index) => ({ where: `Row ${index + 1}`, object }));
  if (
    output.kind === "json" &&
    typeof output.value === "object" &&
    output.value !== null &&
    !Array.isArray(output.value)
  )
    return [{ where: "The object", object: output.value as Record<string, unknown> }];
  return null;
}

/**
 * Checks one block's finished output against its validation features (result-block.ts),
 * all but the model check: the output must first read as its kind's format; then
 * minLength/maxLength count the characters of the trimmed output; minItems/maxItems count
 * list items, table rows, key facts or the entries of a JSON array (a JSON block that is
 * not an array fails them); requiredKeys need each key on the facts, on every table row or
 * on a JSON object; jsonSchema checks the block's data (see asJson). Every problem found is
 * listed in one message, written to be handed back to the model for the one bounded retry
 * (blockRetryPrompt) and shown to the end user if the block fails for good.
 */
export function validateBlockOutput(input: { block: ResultBlock; text: string }): BlockOutputCheck {
  const read = readBlockOutput({ kind: input.block.kind, text: input.text });
  if (!read.ok) return read;
  const { output } = read;
  const rules = input.block.validation ?? {};
  const problems: string[] = [];

  const length = [...input.text.trim()].length;
  if (rules.minLength !== undefined && length < rules.minLength)
    problems.push(`It must be at least ${rules.minLength} characters long, not ${length}`);
  if (rules.maxLength !== undefined && length > rules.maxLength)
    problems.push(`It must be at most ${rules.maxLength} characters long, not ${length}`);

  if (rules.minItems !== undefined || rules.maxItems !== undefined) {
    const count = itemCount(output);
    if (count === null) {
      if (output.kind === "json") problems.push("It must be a JSON array");
    } else {
      if (rules.minItems !== undefined && count < rules.minItems)
        problems.push(`It must have at least ${items(rules.minItems)}, not ${count}`);
      if (rules.maxItems !== undefined && count > rules.maxItems)
        problems.push(`It must have at most ${items(rules.maxItems)}, not ${count}`);
    }
  }

  const requiredKeys = rules.requiredKeys ?? [];
  if (requiredKeys.length > 0) {
    const objects = keyedObjects(output);
    if (objects === null) {
      if (output.kind === "json") problems.push("It must be a JSON object");
    } else
      for (const { where, object } of objects) {
        const missing = requiredKeys.filter((key) => !Object.hasOwn(object, key));
        if (missing.length > 0)
          problems.push(`${where} lacks ${missing.map((key) => `"${key}"`).join(", ")}`);
      }
  }

  if (rules.jsonSchema !== undefined)
    for (const problem of checkJsonSchema(rules.jsonSchema, asJson(output))) problems.push(problem);

  if (problems.length === 0) return { ok: true, output };
  const shown = problems.slice(0, 10);
  return { ok: false, message: `${shown.join("; ")}${problems.length > shown.length ? "; …" : ""}.` };
}

/**
 * The 'model check' feature (modelCheckPrompt): a second model call judges a finished
 * block with the builder's prompt. It is async and runs on the server, which owns the
 * model; it answers like validateBlockOutput, with a message fit for the retry prompt.
 * Domain only fixes its shape; it runs after the local checks pass.
 */
export type BlockModelCheck = (input: {
  block: ResultBlock;
  /** The block's finished text, as validated by validateBlockOutput. */
  text: string;
  /** The builder's check prompt (block.validation.modelCheckPrompt), trimmed and non-empty. */
  checkPrompt: string;
  signal?: AbortSignal;
}) => Promise<{ ok: true } | { ok: false; message: string }>;
