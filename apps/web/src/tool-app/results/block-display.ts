import { type BlockOutput, type ResultBlockKind, readBlockOutput } from "@liftoff/domain";

/**
 * How a block shows right now:
 * - output: its text read by its kind (readBlockOutput), rendered as a list, table…;
 * - raw: the text as written, for JSON kinds still streaming (half a JSON array is not an
 *   error, just not done) or finished text that does not read as its kind (the validator's
 *   verdict, if any, says why: the page never invents its own error);
 * - empty: nothing written yet (a skeleton while streaming).
 */
export type BlockDisplay =
  | { mode: "output"; output: BlockOutput }
  | { mode: "raw"; text: string; streaming: boolean }
  | { mode: "empty"; streaming: boolean };

/** Kinds whose text is JSON: they only read once complete. */
const JSON_KINDS: ReadonlySet<ResultBlockKind> = new Set(["table", "key_facts", "json"]);

export function blockDisplay(input: {
  kind: ResultBlockKind;
  text: string;
  complete: boolean;
}): BlockDisplay {
  const streaming = !input.complete;
  if (input.text.trim() === "") return { mode: "empty", streaming };
  if (streaming && JSON_KINDS.has(input.kind)) return { mode: "raw", text: input.text, streaming };
  const read = readBlockOutput({ kind: input.kind, text: input.text });
  if (read.ok) return { mode: "output", output: read.output };
  return { mode: "raw", text: input.text, streaming };
}

/** A table cell or fact value as text: JSON values that are not text are written out. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
