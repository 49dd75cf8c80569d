import { type EditBlock, parseEditBlocks } from "./parse-edit-blocks.ts";

export type ApplyEditResult =
  | { ok: true; content: string }
  | { ok: false; reason: string; failedBlock: EditBlock | null };

/**
 * Applies an edit_file body to a file: the whole new content, or search/replace blocks
 * applied in order, each to the result of the ones before. A block's search text is found
 * exactly first; failing that, line by line ignoring indentation and trailing blanks, and
 * the replacement is then re-indented to the file's indentation. A search found more than
 * once is refused rather than guessed, and so is one found nowhere: the caller asks the
 * model for the whole file instead.
 */
export function applyEdit(original: string, editContent: string): ApplyEditResult {
  const parsed = parseEditBlocks(editContent);
  if (parsed.kind === "whole-file") return { ok: true, content: parsed.content };
  if (parsed.kind === "malformed") return { ok: false, reason: parsed.reason, failedBlock: null };
  let content = original.replace(/\r\n?/g, "\n");
  for (const block of parsed.blocks) {
    const next = applyBlock(content, block);
    if (!next.ok) return { ok: false, reason: next.reason, failedBlock: block };
    content = next.content;
  }
  return { ok: true, content };
}

function applyBlock(
  content: string,
  block: EditBlock,
): { ok: true; content: string } | { ok: false; reason: string } {
  const label = `Search block ${block.index + 1}`;
  if (block.search.trim() === "") {
    // An empty search means "the file is new/empty": only then is the target certain.
    if (content.trim() === "") return { ok: true, content: block.replace };
    return { ok: false, reason: `${label} is empty, so it does not say where to change the file` };
  }
  const exact = occurrences(content, block.search);
  if (exact.length === 1) {
    const at = exact[0] as number;
    return {
      ok: true,
      content: content.slice(0, at) + block.replace + content.slice(at + block.search.length),
    };
  }
  if (exact.length > 1)
    return {
      ok: false,
      reason: `${label} matches ${exact.length} places in the file; add lines to make it unique`,
    };
  return applyLoosely(content, block, label);
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    found.push(at);
    at = haystack.indexOf(needle, at + 1);
  }
  return found;
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)?.[0] ?? "";

/** Line-by-line matching that ignores each line's leading and trailing whitespace. */
function applyLoosely(content: string, block: EditBlock, label: string) {
  const fileLines = content.split("\n");
  const searchLines = trimBlankEdges(block.search.split("\n"));
  const wanted = searchLines.map((l) => l.trim());
  const matches: number[] = [];
  for (let start = 0; start + wanted.length <= fileLines.length; start++) {
    if (wanted.every((w, k) => (fileLines[start + k] as string).trim() === w)) matches.push(start);
  }
  if (matches.length === 0) return { ok: false as const, reason: `${label} was not found in the file` };
  if (matches.length > 1)
    return {
      ok: false as const,
      reason: `${label} matches ${matches.length} places in the file (ignoring whitespace); add lines to make it unique`,
    };
  const start = matches[0] as number;
  const firstSearch = searchLines.find((l) => l.trim() !== "") ?? "";
  const firstFile = fileLines.find((_, k) => k >= start && (fileLines[k] as string).trim() !== "") ?? "";
  const replacement = reindent(
    trimBlankEdges(block.replace.split("\n")),
    indentOf(firstSearch),
    indentOf(firstFile),
  );
  const next = [...fileLines.slice(0, start), ...replacement, ...fileLines.slice(start + wanted.length)];
  return { ok: true as const, content: next.join("\n") };
}

function trimBlankEdges(lines: string[]): string[] {
  let from = 0;
  let to = lines.length;
  while (from < to && (lines[from] as string).trim() === "") from++;
  while (to > from && (lines[to - 1] as string).trim() === "") to--;
  return lines.slice(from, to);
}

/**
 * Shifts each replacement line by the difference between the file's indentation and the
 * search block's, keeping relative indentation inside the block; written with the file's
 * indentation character.
 */
function reindent(lines: string[], searchIndent: string, fileIndent: string): string[] {
  if (searchIndent === fileIndent) return lines;
  const unit = fileIndent.includes("\t") ? "\t" : " ";
  // Spaces in the block, tabs in the file: one tab stands for as many spaces as the
  // block used for the file's indentation level.
  const spacesPerTab =
    unit === "\t" && !searchIndent.includes("\t") && searchIndent.length > 0
      ? searchIndent.length / fileIndent.length
      : 1;
  return lines.map((line) => {
    if (line.trim() === "") return "";
    const own = indentOf(line).length;
    const width =
      spacesPerTab !== 1
        ? Math.round(own / spacesPerTab)
        : Math.max(0, own - searchIndent.length + fileIndent.length);
    return unit.repeat(width) + line.trimStart();
  });
}
