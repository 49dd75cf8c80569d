/**
 * Field tags in a tool's instructions (gptPrompt): [name] stands for the answer to the
 * custom field called name, and [input] for the main input ('input' is reserved for it,
 * spec section 5). A bracket pair followed by '(' is a markdown link, not a tag. Names
 * compare case-insensitively, as field names do.
 */
export const INPUT_TAG = "input";

const TAG = /\[([A-Za-z0-9_-]+)\](?!\()/g;

/** One tag as written, with where it sits in the text (for highlighting in the editor). */
export type FieldTagMatch = { name: string; start: number; end: number };

/** Every tag in `prompt`, in order, repeats included. */
export function findFieldTags(prompt: string): FieldTagMatch[] {
  return [...prompt.matchAll(TAG)].map((match) => ({
    name: match[1]!,
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The distinct tag names of `prompt`, first spelling kept, in order of appearance. */
export function parseFieldTags(prompt: string): string[] {
  const seen = new Map<string, string>();
  for (const { name } of findFieldTags(prompt))
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

/** Whether `prompt` holds the tag of the field called `name`. */
export function hasFieldTag(prompt: string, name: string): boolean {
  const wanted = name.toLowerCase();
  return findFieldTags(prompt).some((tag) => tag.name.toLowerCase() === wanted);
}

/** Tags that name no field of `fieldNames` and are not [input]: shown flagged in the editor. */
export function unknownFieldTags(prompt: string, fieldNames: Iterable<string>): string[] {
  const known = new Set([INPUT_TAG, ...[...fieldNames].map((name) => name.toLowerCase())]);
  return parseFieldTags(prompt).filter((name) => !known.has(name.toLowerCase()));
}

/** `prompt` with every [from] tag (any case) written [to]: a renamed field keeps its tags. */
export function renameFieldTag(prompt: string, from: string, to: string): string {
  const wanted = from.toLowerCase();
  return prompt.replace(TAG, (whole, name: string) => (name.toLowerCase() === wanted ? `[${to}]` : whole));
}
