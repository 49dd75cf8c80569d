/** A file path as models write it after a fence or in a first-line comment. */
const PATH = /^(?:\.\/|\/)?([\w@][\w@.\-/]*\.(?:jsx|js|tsx|ts|mjs|css|json|html|md))$/;

const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})([^`\n]*)$/;

/** `// file: pages/Home.jsx`, `/* pages/Home.jsx *\/`, `{/* file: x *\/}`, `<!-- x -->`, `# x`. */
const COMMENT_PATH =
  /^\s*(?:\/\/|\/\*|\{\/\*|<!--|#)\s*(?:(?:file|filename|filepath|path)\s*[:=]\s*)?([^\s*]+?)\s*(?:\*\/\}?|-->)?\s*$/i;

export type FileFence = {
  /** '`' or '~', and how many: the closing fence must use as many or more. */
  char: string;
  length: number;
  file: string;
  language: string;
  /** How many lines the opening takes: 1, or 2 when the path came in a first-line comment. */
  lines: 1 | 2;
};

function asPath(token: string): string | null {
  const cleaned = token.replace(/^(?:file|filename|path|title)=/i, "").replace(/^["'`]|["'`]$/g, "");
  const match = PATH.exec(cleaned);
  if (!match || cleaned.includes("..")) return null;
  return match[1] as string;
}

/** Whether a (possibly partial) line could still become a fence opening. */
export function mayBeFence(partialLine: string): boolean {
  return /^ {0,3}(?:`{1,}|~{1,})?$/.test(partialLine) || FENCE_LINE.test(partialLine);
}

export function isFenceLine(line: string): boolean {
  return FENCE_LINE.test(line.replace(/\r$/, ""));
}

/**
 * A fenced code block that names its file — "```jsx pages/Home.jsx", "```pages/Home.jsx",
 * "```jsx:pages/Home.jsx", "```jsx file=pages/Home.jsx", or a plain "```jsx" whose first
 * line is a comment with the path — read from its first line and, when needed, its second.
 * Models that ignore the action tags answer like this; the parser turns such a block into
 * an add_file action. Null when the fence names no file.
 */
export function readFileFence(firstLine: string, secondLine: string | undefined): FileFence | null {
  const fence = FENCE_LINE.exec(firstLine.replace(/\r$/, ""));
  if (!fence) return null;
  const marker = fence[1] as string;
  const info = (fence[2] as string).trim();
  const tokens = info.split(/[\s:]+/).filter(Boolean);
  const base = { char: marker[0] as string, length: marker.length };
  for (const token of tokens) {
    const file = asPath(token);
    if (file) {
      const language = tokens.find((t) => t !== token && !asPath(t)) ?? "";
      return { ...base, file, language: language.replace(/^(?:lang|language)=/i, ""), lines: 1 };
    }
  }
  if (secondLine === undefined) return null;
  const comment = COMMENT_PATH.exec(secondLine.replace(/\r$/, ""));
  const file = comment ? asPath(comment[1] as string) : null;
  if (!file) return null;
  return { ...base, file, language: tokens[0] ?? "", lines: 2 };
}

export function isClosingFence(line: string, fence: Pick<FileFence, "char" | "length">): boolean {
  const trimmed = line
    .replace(/\r$/, "")
    .replace(/^ {0,3}/, "")
    .trimEnd();
  return trimmed.length >= fence.length && trimmed === fence.char.repeat(trimmed.length);
}
