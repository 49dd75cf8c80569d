import type { PublicBlock, RunView } from "@liftoff/domain";
import { blockDisplay, formatValue } from "./block-display.ts";

/** The label an image block's description carries, on the page and in exports. */
export const IMAGE_DESCRIPTION_LABEL = "Generated image description";

/** Edited texts by block id ('User can edit results'): kept on the page, never sent back. */
export type BlockEdits = Readonly<Record<string, string>>;

/** The view with the end user's edits in place of the model's text. */
export function withEditedBlocks(view: RunView, edits: BlockEdits): RunView {
  if (!view.blocks.some((block) => Object.hasOwn(edits, block.id))) return view;
  return {
    ...view,
    blocks: view.blocks.map((block) =>
      Object.hasOwn(edits, block.id) ? { ...block, text: edits[block.id] as string } : block,
    ),
  };
}

/** A table cell in a Markdown table: pipes escaped, line breaks folded. */
function cell(value: unknown): string {
  return formatValue(value).replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function blockMarkdown(kind: PublicBlock["kind"], text: string, complete: boolean): string {
  const display = blockDisplay({ kind, text, complete });
  if (display.mode === "empty") return "";
  if (display.mode === "raw") return display.text.trim();
  const { output } = display;
  switch (output.kind) {
    case "markdown":
      return output.text;
    case "list":
      return output.items.map((item) => `- ${item}`).join("\n");
    case "table": {
      if (output.columns.length === 0) return "";
      const head = `| ${output.columns.map(cell).join(" | ")} |`;
      const rule = `| ${output.columns.map(() => "---").join(" | ")} |`;
      const rows = output.rows.map(
        (row) => `| ${output.columns.map((column) => cell(row[column])).join(" | ")} |`,
      );
      return [head, rule, ...rows].join("\n");
    }
    case "key_facts":
      return Object.entries(output.facts)
        .map(([label, value]) => `- **${label}:** ${formatValue(value)}`)
        .join("\n");
    case "image":
      return `_${IMAGE_DESCRIPTION_LABEL}:_ ${output.description}`;
    case "json":
      return `\`\`\`json\n${JSON.stringify(output.value, null, 2)}\n\`\`\``;
  }
}

/**
 * A run's result as one Markdown document (Copy and Download): the tool's title, then each
 * block under its title, rendered by its kind. Blocks the run left empty are skipped.
 */
export function runToMarkdown(input: {
  title: string;
  blocks: readonly Pick<PublicBlock, "id" | "kind" | "title">[];
  view: RunView;
  edits?: BlockEdits;
}): string {
  const view = input.edits ? withEditedBlocks(input.view, input.edits) : input.view;
  const parts: string[] = [];
  if (input.title.trim() !== "") parts.push(`# ${input.title.trim()}`);
  for (const block of input.blocks) {
    const shown = view.blocks.find((candidate) => candidate.id === block.id);
    if (!shown) continue;
    const body = blockMarkdown(block.kind, shown.text, shown.complete);
    if (body === "") continue;
    parts.push(block.title.trim() === "" ? body : `## ${block.title.trim()}\n\n${body}`);
  }
  return `${parts.join("\n\n")}\n`;
}

/** A file name for the downloaded result: the title in lower-case words, or 'result'. */
export function markdownFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${base || "result"}.md`;
}
