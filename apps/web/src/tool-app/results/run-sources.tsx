import type { SourceCitation } from "@liftoff/domain";
import { BookOpenIcon } from "lucide-react";
import { useId } from "react";

export const RUN_SOURCES_TITLE = "Sources";

/**
 * The data-source passages an answer was given, numbered as the answer cites them ([1],
 * [2] …): the item's name, where in it (a page, a row, a page address) and the start of
 * the passage, so an end user can see what the answer rests on.
 */
export function RunSources({ sources }: { sources: readonly SourceCitation[] }) {
  const headingId = useId();
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-run-sources>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <BookOpenIcon className="size-4 text-primary" aria-hidden="true" />
        {RUN_SOURCES_TITLE}
      </h3>
      <ol className="grid gap-2">
        {sources.map((source) => (
          <li
            key={source.chunkId}
            className="grid min-w-0 gap-1 rounded-lg border border-border/70 bg-card/60 px-3 py-2 text-sm"
          >
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 font-medium">
              <span className="text-primary">[{source.ref}]</span>
              <span className="min-w-0 break-words">{source.itemName}</span>
              {source.locator ? (
                <span className="min-w-0 break-all text-xs font-normal text-muted-foreground">
                  {source.locator}
                </span>
              ) : null}
            </p>
            <p className="line-clamp-3 break-words text-muted-foreground">{source.excerpt}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
