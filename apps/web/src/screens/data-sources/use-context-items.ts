import { useEffect, useReducer } from "react";
import { contextItemsReducer, INITIAL_CONTEXT_ITEMS_STATE } from "./context-items-reducer.ts";
import { watchContextItems } from "./watch-context-items.ts";

/**
 * The app's data sources, live: the stream's snapshot, then each change as the ingest job
 * makes it. `dispatch` lets the modal show its own changes at once.
 */
export function useContextItems(appId: string) {
  const [state, dispatch] = useReducer(contextItemsReducer, INITIAL_CONTEXT_ITEMS_STATE);
  useEffect(() => {
    dispatch({ type: "reset" });
    const controller = new AbortController();
    void watchContextItems({
      appId,
      signal: controller.signal,
      onEvent: (event) => dispatch({ type: "event", event }),
      onFailure: () => dispatch({ type: "failed" }),
    });
    return () => controller.abort();
  }, [appId]);
  return { state, dispatch };
}
