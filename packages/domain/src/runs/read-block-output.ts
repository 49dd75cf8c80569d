import type { ResultBlockKind } from "../generated-apps/result-block.ts";

/**
 * What the model must write inside a block of each kind: the prompt quotes these, and
 * readBlockOutput reads exactly them back. Lists stay plain lines (models write them
 * naturally); tables and key facts are JSON so their rows and keys can be counted and
 * checked. An image block is described, not linked: a text model cannot make images, and the
 * addresses it invents mostly do not exist; the server makes the image from the description
 * when an image model is configured, and the page shows the description otherwise (as the
 * builder's preview does: 'Generated image').
 */
export const BLOCK_OUTPUT_FORMATS: Readonly<Record<ResultBlockKind, string>> = {
  markdown: "Markdown text.",
  list: 'One item per line, each line starting with "- ".',
  table:
    'A JSON array of row objects that all have the same keys (the column names), e.g. [{"Name": "…", "Price": "…"}]. JSON only, no other text.',
  key_facts:
    'A JSON object whose keys are short labels and whose values are short texts or numbers, e.g. {"Population": "545,000"}. JSON only, no other text.',
  image:
    "A description of the image to create for this block, in one short paragraph: its subject, setting and style. No address, no other text.",
  json: "One JSON value. JSON only, no other text.",
};

/** A block's output read by its kind, as the page renders it and the validators check it. */
export type BlockOutput =
  | { kind: "markdown"; text: string }
  | { kind: "list"; items: string[] }
  /** `columns`: every key of the rows, in order of first appearance. */
  | { kind: "table"; columns: string[]; rows: Record<string, unknown>[] }
  | { kind: "key_facts"; facts: Record<string, unknown> }
  | { kind: "image"; description: string }
  | { kind: "json"; value: unknown };

export type BlockOutputRead = { ok: true; output: BlockOutput } | { ok: false; message: string };

/** Models often fence JSON (```json … ```) despite being told not to: the fence is not content. */
function unfenced(text: string): string {
  const fenced = /^```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(text.trim());
  return (fenced ? fenced[1]! : text).trim();
}

function readJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(unfenced(text)) };
  } catch (error) {
    return { ok: false, message: `The output is not valid JSON (${(error as Error).message})` };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const LIST_MARKER = /^(?:[-*•+]|\d{1,3}[.)])\s+/;

/** Reads the finished text of a block of `kind` (see BLOCK_OUTPUT_FORMATS). */
export function readBlockOutput(input: { kind: ResultBlockKind; text: string }): BlockOutputRead {
  const text = input.text.trim();
  switch (input.kind) {
    case "markdown":
      return { ok: true, output: { kind: "markdown", text } };
    case "list": {
      const items = text
        .split(/\r?\n/)
        .map((line) => line.trim().replace(LIST_MARKER, "").trim())
        .filter((line) => line !== "");
      return { ok: true, output: { kind: "list", items } };
    }
    case "table": {
      const read = readJson(text);
      if (!read.ok) return read;
      if (!Array.isArray(read.value) || !read.value.every(isPlainObject))
        return { ok: false, message: "The output must be a JSON array of row objects" };
      const columns = [...new Set(read.value.flatMap((row) => Object.keys(row)))];
      return { ok: true, output: { kind: "table", columns, rows: read.value } };
    }
    case "key_facts": {
      const read = readJson(text);
      if (!read.ok) return read;
      if (!isPlainObject(read.value))
        return { ok: false, message: "The output must be a JSON object of facts" };
      return { ok: true, output: { kind: "key_facts", facts: read.value } };
    }
    case "image":
      if (text === "") return { ok: false, message: "The output must describe the image" };
      return { ok: true, output: { kind: "image", description: text } };
    case "json": {
      const read = readJson(text);
      if (!read.ok) return read;
      return { ok: true, output: { kind: "json", value: read.value } };
    }
  }
}
