export type LiftoffTag = {
  name: "action" | "group";
  closing: boolean;
  selfClosing: boolean;
  attributes: Record<string, string>;
  /** Index just after the tag's '>'. */
  end: number;
};

/** Where a tag would have to end; past this a '<liftoff-…' is prose, not a broken tag. */
const TAG_MAX_LENGTH = 4_000;

const NAMES = ["action", "group"] as const;
const QUOTES: Record<string, string> = { '"': '"', "'": "'", "“": "”", "‘": "’", "”": "”" };

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/**
 * Reads a <liftoff-action …>, <liftoff-group …> or closing tag starting at `pos` (a '<').
 * Returns 'incomplete' when the text so far could still become a tag (the stream must
 * wait for more), null when it is not one of ours. With `final` nothing is incomplete.
 * Attribute values may be double-, single-, curly- or un-quoted, or JSON-escaped (\"x\"),
 * because models write all of these.
 */
export function readLiftoffTag(text: string, pos: number, final: boolean): LiftoffTag | "incomplete" | null {
  const incomplete = final ? null : "incomplete";
  let i = pos + 1;
  const closing = text[i] === "/";
  if (closing) i++;
  const prefix = "liftoff-";
  for (let k = 0; k < prefix.length; k++, i++) {
    if (i >= text.length) return incomplete;
    if (text[i]?.toLowerCase() !== prefix[k]) return null;
  }
  let name: LiftoffTag["name"] | undefined;
  for (const candidate of NAMES) {
    const got = text.slice(i, i + candidate.length).toLowerCase();
    if (got === candidate) name = candidate;
    else if (i + got.length >= text.length && candidate.startsWith(got)) return incomplete;
  }
  if (!name) return null;
  i += name.length;
  if (i >= text.length) return incomplete;
  const after = text[i];
  if (!isSpace(after) && after !== ">" && after !== "/") return null;

  const attributes: Record<string, string> = {};
  while (true) {
    if (i - pos > TAG_MAX_LENGTH) return null;
    while (isSpace(text[i])) i++;
    if (i >= text.length) return incomplete;
    const c = text[i] as string;
    if (c === ">") return { name, closing, selfClosing: false, attributes, end: i + 1 };
    if (c === "/") {
      if (i + 1 >= text.length) return incomplete;
      if (text[i + 1] === ">") return { name, closing, selfClosing: true, attributes, end: i + 2 };
      i++;
      continue;
    }
    const nameMatch = /^[A-Za-z_][\w:.-]*/.exec(text.slice(i, i + 64));
    if (!nameMatch) {
      i++; // stray character (a lone quote, a comma): skip it, as browsers do
      continue;
    }
    const attrName = nameMatch[0].toLowerCase();
    i += nameMatch[0].length;
    if (i >= text.length) return incomplete;
    let j = i;
    while (isSpace(text[j])) j++;
    if (j >= text.length) return incomplete;
    if (text[j] !== "=") {
      attributes[attrName] ??= "";
      continue;
    }
    j++;
    while (isSpace(text[j])) j++;
    if (j >= text.length) return incomplete;
    const value = readValue(text, j);
    if (value === "incomplete") return final ? null : "incomplete";
    attributes[attrName] ??= value.value.trim();
    i = value.end;
  }
}

function readValue(text: string, i: number): { value: string; end: number } | "incomplete" {
  let escaped = false;
  if (text[i] === "\\" && (text[i + 1] === '"' || text[i + 1] === "'")) {
    escaped = true;
    i++;
  }
  const open = text[i] as string;
  const close = QUOTES[open];
  if (close) {
    const terminator = escaped ? `\\${close}` : close;
    const end = text.indexOf(terminator, i + 1);
    if (end === -1) return text.length - i > TAG_MAX_LENGTH ? { value: "", end: text.length } : "incomplete";
    return { value: text.slice(i + 1, end), end: end + terminator.length };
  }
  let j = i;
  while (j < text.length && !isSpace(text[j]) && text[j] !== ">" && !(text[j] === "/" && text[j + 1] === ">"))
    j++;
  if (j >= text.length) return "incomplete";
  return { value: text.slice(i, j), end: j };
}
