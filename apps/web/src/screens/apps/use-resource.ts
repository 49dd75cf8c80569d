import { useCallback, useEffect, useRef, useState } from "react";

export type ResourceState<T> =
  | { status: "loading"; data: undefined; error: undefined }
  | { status: "error"; data: undefined; error: unknown }
  | { status: "success"; data: T; error: undefined };

export type Resource<T> = ResourceState<T> & {
  /** Shows the loading state again and re-runs the loader (retry buttons). */
  reload: () => void;
  /** Re-runs the loader in the background, keeping the current data on screen (polling). */
  refresh: () => Promise<void>;
  /** Replaces the loaded data locally (optimistic updates after a mutation). */
  setData: (update: (current: T) => T) => void;
};

const LOADING = { status: "loading", data: undefined, error: undefined } as const;

/**
 * Loads data for a screen. `key` identifies the request: when it changes the loader runs
 * again (e.g. a search query). Answers that arrive after the key changed are dropped.
 */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const run = useCallback(async (showLoading: boolean) => {
    const id = ++generation.current;
    if (showLoading) setState(LOADING);
    try {
      const data = await loadRef.current();
      if (id === generation.current) setState({ status: "success", data, error: undefined });
    } catch (error) {
      if (id !== generation.current) return;
      // A failed background refresh keeps the data already on screen.
      setState((prev) =>
        showLoading || prev.status !== "success" ? { status: "error", data: undefined, error } : prev,
      );
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt are the triggers.
  useEffect(() => {
    void run(true);
    return () => {
      generation.current++;
    };
  }, [key, attempt, run]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => run(false), [run]);
  const setData = useCallback((update: (current: T) => T) => {
    setState((prev) => (prev.status === "success" ? { ...prev, data: update(prev.data) } : prev));
  }, []);

  return { ...state, reload, refresh, setData } as Resource<T>;
}
