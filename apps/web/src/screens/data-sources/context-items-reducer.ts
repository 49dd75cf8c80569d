import type { ContextItem, ContextItemEvent } from "@liftoff/domain";

/** What the Data sources modal knows of the app's items: loading until the first snapshot. */
export type ContextItemsState = {
  status: "loading" | "ready" | "error";
  items: ContextItem[];
  hasReachedDataLimit: boolean;
};

export type ContextItemsAction =
  | { type: "event"; event: ContextItemEvent }
  /** The stream could not be opened (or dropped) before any snapshot arrived. */
  | { type: "failed" }
  /** An item the builder just added, renamed or re-synced (the stream confirms it later). */
  | { type: "upsert"; items: ContextItem[] }
  /** An item the builder just deleted. */
  | { type: "remove"; itemId: string }
  /** The modal opened again: loading until the new stream's snapshot, not the old list's state. */
  | { type: "reset" };

export const INITIAL_CONTEXT_ITEMS_STATE: ContextItemsState = {
  status: "loading",
  items: [],
  hasReachedDataLimit: false,
};

/** Newest first, as GET /api/context/items lists them; ties keep a stable order by id. */
function byNewest(a: ContextItem, b: ContextItem): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The builder's own answer (an item as just created or re-synced) and the stream race: a
 * fast job can be Synced on the stream before the POST's answer, still Pending, arrives.
 * So a copy older than the one shown is dropped; on a tie the later arrival wins.
 */
function upsert(items: readonly ContextItem[], changed: readonly ContextItem[]): ContextItem[] {
  const next = new Map(items.map((item) => [item.id, item]));
  for (const item of changed) {
    const shown = next.get(item.id);
    if (shown && Date.parse(shown.updatedAt) > Date.parse(item.updatedAt)) continue;
    next.set(item.id, item);
  }
  return [...next.values()].sort(byNewest);
}

/**
 * Folds the live items stream (snapshot, item, removed) and the builder's own changes into
 * one list. A snapshot replaces everything: it is what a reconnect sends, so items removed
 * while the stream was down disappear too.
 */
export function contextItemsReducer(state: ContextItemsState, action: ContextItemsAction): ContextItemsState {
  switch (action.type) {
    case "event": {
      const { event } = action;
      if (event.type === "snapshot")
        return {
          status: "ready",
          items: [...event.contextItems].sort(byNewest),
          hasReachedDataLimit: event.hasReachedDataLimit,
        };
      if (event.type === "item") return { ...state, items: upsert(state.items, [event.item]) };
      return { ...state, items: state.items.filter((item) => item.id !== event.itemId) };
    }
    case "failed":
      // Items already shown stay: a dropped stream reconnects and sends a fresh snapshot.
      return state.status === "ready" ? state : { ...state, status: "error" };
    case "upsert":
      return { ...state, items: upsert(state.items, action.items) };
    case "remove":
      return { ...state, items: state.items.filter((item) => item.id !== action.itemId) };
    case "reset":
      return INITIAL_CONTEXT_ITEMS_STATE;
  }
}
