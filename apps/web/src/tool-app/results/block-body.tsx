import type { ResultBlockKind } from "@liftoff/domain";
import { Skeleton } from "@liftoff/ui";
import { blockDisplay } from "./block-display.ts";
import { BlockOutputView } from "./block-output-view.tsx";

/** A block's text as far as it has come: rendered by its kind, raw while JSON is unfinished, or a skeleton. */
export function BlockBody({
  kind,
  text,
  complete,
}: {
  kind: ResultBlockKind;
  text: string;
  complete: boolean;
}) {
  const display = blockDisplay({ kind, text, complete });
  if (display.mode === "output") return <BlockOutputView output={display.output} />;
  if (display.mode === "raw")
    return (
      <pre className="max-h-96 overflow-auto font-mono text-xs leading-5 whitespace-pre-wrap break-words text-muted-foreground">
        {display.text}
      </pre>
    );
  if (display.streaming)
    return (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  return <p className="text-sm text-muted-foreground">Nothing was written here.</p>;
}
