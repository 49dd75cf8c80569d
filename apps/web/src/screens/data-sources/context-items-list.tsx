import { type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { Alert, EmptyState, Skeleton } from "@liftoff/ui";
import { LibraryIcon } from "lucide-react";
import { ContextItemRow } from "./context-item-row.tsx";
import type { ContextItemsState } from "./context-items-reducer.ts";

export type ContextItemsListProps = {
  state: ContextItemsState;
  onChanged: (item: ContextItem) => void;
  onRemoved: (itemId: string) => void;
  onPreview: (item: ContextItem) => void;
};

/** The app's data sources, live: loading, the stream's error, the empty state, or the rows. */
export function ContextItemsList({ state, onChanged, onRemoved, onPreview }: ContextItemsListProps) {
  return (
    <section aria-labelledby="ds-items-heading" className="grid min-w-0 gap-3" data-testid="ds-items">
      <h3 id="ds-items-heading" className="text-sm font-semibold">
        Your data sources
      </h3>
      {state.status === "loading" ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading data sources
          </span>
          <Skeleton className="h-14 w-full rounded-xl" />
          <Skeleton className="h-14 w-full rounded-xl" />
        </div>
      ) : state.status === "error" ? (
        <Alert tone="error" data-testid="ds-items-error">
          {DATA_SOURCE_MESSAGES.fetchItems}
        </Alert>
      ) : state.items.length === 0 ? (
        <EmptyState
          icon={LibraryIcon}
          title="No data sources yet"
          description="Add files, text or a web site, and your tools answer from them: the most relevant passages are found for each question and given to the AI with it."
          className="py-8"
        />
      ) : (
        <ul className="grid gap-2" aria-label="Data sources">
          {state.items.map((item) => (
            <ContextItemRow
              key={item.id}
              item={item}
              onChanged={onChanged}
              onRemoved={onRemoved}
              onPreview={onPreview}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
