import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

export type SaveTracker = {
  /** Saves running right now (the header shows Saving while above zero). */
  inFlight: number;
  /** Some panel holds changes that are not saved yet (typed but not sent, or being sent). */
  hasPending: boolean;
  /** Counts a save while it runs. */
  track<T>(save: Promise<T>): Promise<T>;
  /** A panel reports whether it holds unsaved changes, under its own key. */
  setPending(source: string, pending: boolean): void;
};

const SaveTrackerContext = createContext<SaveTracker | null>(null);

/** Shares the builder's save activity between its panels, the header and the leave guard. */
export function SaveTrackerProvider({ children }: { children: ReactNode }) {
  const [inFlight, setInFlight] = useState(0);
  const [pendingSources, setPendingSources] = useState<readonly string[]>([]);
  const pendingRef = useRef(pendingSources);
  pendingRef.current = pendingSources;

  const track = useCallback(<T,>(save: Promise<T>): Promise<T> => {
    setInFlight((n) => n + 1);
    return save.finally(() => setInFlight((n) => Math.max(0, n - 1)));
  }, []);

  const setPending = useCallback((source: string, pending: boolean) => {
    const has = pendingRef.current.includes(source);
    if (has === pending) return;
    setPendingSources((prev) => (pending ? [...prev, source] : prev.filter((s) => s !== source)));
  }, []);

  const value = useMemo<SaveTracker>(
    () => ({ inFlight, hasPending: inFlight > 0 || pendingSources.length > 0, track, setPending }),
    [inFlight, pendingSources, track, setPending],
  );
  return <SaveTrackerContext.Provider value={value}>{children}</SaveTrackerContext.Provider>;
}

export function useSaveTracker(): SaveTracker {
  const value = useContext(SaveTrackerContext);
  if (!value) throw new Error("useSaveTracker must be used inside <SaveTrackerProvider>");
  return value;
}
