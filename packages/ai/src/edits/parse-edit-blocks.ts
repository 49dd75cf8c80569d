export type EditBlock = { index: number; search: string; replace: string };

export type ParsedEdit =
  | { kind: "whole-file"; content: string }
  | { kind: "blocks"; blocks: EditBlock[] }
  | { kind: "malformed"; reason: string; blockIndex: number };

const SEARCH = /^[ \t]*<{5,}[ \t]*SEARCH\b.*$/i;
const DIVIDER = /^[ \t]*={5,}[ \t]*$/;
const REPLACE = /^[ \t]*>{5,}[ \t]*REPLACE\b.*$/i;

/**
 * Reads an edit_file body. Search/replace blocks look like
 *
 *   <<<<<<< SEARCH
 *   lines as they are in the file
 *   =======
 *   lines to put there instead
 *   >>>>>>> REPLACE
 *
 * (five or more markers, any case); a body without a SEARCH marker is the whole new file.
 * Text between blocks is ignored, since models like to narrate between them.
 */
export function parseEditBlocks(editContent: string): ParsedEdit {
  const lines = editContent.replace(/\r\n?/g, "\n").split("\n");
  if (!lines.some((line) => SEARCH.test(line))) return { kind: "whole-file", content: editContent };
  const blocks: EditBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!SEARCH.test(lines[i] as string)) {
      i++;
      continue;
    }
    const index = blocks.length;
    const search: string[] = [];
    i++;
    while (i < lines.length && !DIVIDER.test(lines[i] as string)) {
      if (SEARCH.test(lines[i] as string) || REPLACE.test(lines[i] as string))
        return { kind: "malformed", reason: `Block ${index + 1} has no ======= line`, blockIndex: index };
      search.push(lines[i] as string);
      i++;
    }
    if (i >= lines.length)
      return { kind: "malformed", reason: `Block ${index + 1} has no ======= line`, blockIndex: index };
    i++;
    const replace: string[] = [];
    while (i < lines.length && !REPLACE.test(lines[i] as string)) {
      if (SEARCH.test(lines[i] as string))
        return {
          kind: "malformed",
          reason: `Block ${index + 1} has no >>>>>>> REPLACE line`,
          blockIndex: index,
        };
      replace.push(lines[i] as string);
      i++;
    }
    if (i >= lines.length)
      return {
        kind: "malformed",
        reason: `Block ${index + 1} has no >>>>>>> REPLACE line`,
        blockIndex: index,
      };
    i++;
    blocks.push({ index, search: search.join("\n"), replace: replace.join("\n") });
  }
  return { kind: "blocks", blocks };
}
