import {
  findFieldTags,
  INPUT_TAG,
  parseFieldTags,
  SAVED_APP_TEXT_LIMITS,
  type Tool,
  unknownFieldTagMessage,
  unknownFieldTags,
} from "@liftoff/domain";

/**
 * The tag buttons above the instructions: one per field, plus [input] while the tool shows
 * its main input (a hidden input has no answer for the tag to stand for).
 */
export function tagChoices(tool: Pick<Tool, "fields" | "isInputHidden">): { name: string; label: string }[] {
  const choices = tool.fields.map((field) => ({ name: field.name, label: field.label || field.name }));
  return tool.isInputHidden ? choices : [...choices, { name: INPUT_TAG, label: "Main input" }];
}

/**
 * `text` with "[name]" put in place of the selection [start, end), and where the caret goes
 * after it. A space is added before the tag when it would stick to a word, so the prompt
 * stays readable; never after, to keep the builder's punctuation.
 */
export function insertTag(
  text: string,
  start: number,
  end: number,
  name: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const spacer = before !== "" && /[A-Za-z0-9\]]$/.test(before) ? " " : "";
  const tag = `${spacer}[${name}]`;
  return { text: `${before}${tag}${text.slice(to)}`, caret: from + tag.length };
}

export type PromptSegment = { text: string; kind: "text" | "field" | "input" | "unknown" };

/** The prompt cut into plain text and tags, each tag marked known field, main input or unknown, for highlighting. */
export function promptSegments(prompt: string, fieldNames: readonly string[]): PromptSegment[] {
  const known = new Set(fieldNames.map((name) => name.toLowerCase()));
  const segments: PromptSegment[] = [];
  let at = 0;
  for (const tag of findFieldTags(prompt)) {
    if (tag.start > at) segments.push({ text: prompt.slice(at, tag.start), kind: "text" });
    const lower = tag.name.toLowerCase();
    const kind = lower === INPUT_TAG ? "input" : known.has(lower) ? "field" : "unknown";
    segments.push({ text: prompt.slice(tag.start, tag.end), kind });
    at = tag.end;
  }
  if (at < prompt.length) segments.push({ text: prompt.slice(at), kind: "text" });
  return segments;
}

export type TagUsage = {
  /** Distinct tags of known fields (and [input]) in the prompt, first spelling kept. */
  used: string[];
  /** Tags naming no field: flagged with `warning`. */
  unknown: string[];
  /** Fields no tag reads (shown inactive in the fields panel). */
  unused: string[];
  warning: string | null;
};

/** Which tags the instructions use, which name no field, and which fields go unread. */
export function tagUsage(tool: Pick<Tool, "fields" | "gptPrompt">): TagUsage {
  const names = tool.fields.map((field) => field.name);
  const unknown = unknownFieldTags(tool.gptPrompt, names);
  const unknownSet = new Set(unknown.map((name) => name.toLowerCase()));
  const tags = parseFieldTags(tool.gptPrompt);
  const usedSet = new Set(tags.map((name) => name.toLowerCase()));
  return {
    used: tags.filter((name) => !unknownSet.has(name.toLowerCase())),
    unknown,
    unused: names.filter((name) => !usedSet.has(name.toLowerCase())),
    warning: unknown.length > 0 ? unknownFieldTagMessage(unknown) : null,
  };
}

/** "1,234 / 20,000" for the counter under the textarea. */
export function promptLengthText(prompt: string): string {
  const format = (n: number) => n.toLocaleString("en-US");
  return `${format(prompt.length)} / ${format(SAVED_APP_TEXT_LIMITS.gptPrompt)}`;
}

export function isPromptTooLong(prompt: string): boolean {
  return prompt.length > SAVED_APP_TEXT_LIMITS.gptPrompt;
}
