import type { BlockOutput } from "@liftoff/domain";
import { ImageBlock } from "./image-block.tsx";
import { JsonBlock } from "./json-block.tsx";
import { KeyFactsBlock } from "./key-facts-block.tsx";
import { ListBlock } from "./list-block.tsx";
import { MarkdownBlock } from "./markdown-block.tsx";
import { TableBlock } from "./table-block.tsx";

/** One block's output (readBlockOutput) rendered by its kind. */
export function BlockOutputView({ output }: { output: BlockOutput }) {
  switch (output.kind) {
    case "markdown":
      return <MarkdownBlock text={output.text} />;
    case "list":
      return <ListBlock items={output.items} />;
    case "table":
      return <TableBlock columns={output.columns} rows={output.rows} />;
    case "key_facts":
      return <KeyFactsBlock facts={output.facts} />;
    case "image":
      return <ImageBlock description={output.description} />;
    case "json":
      return <JsonBlock value={output.value} />;
  }
}
