import { useCallback, useEffect, useRef, useState } from "react";
import type { DatabaseApi } from "./database-api.ts";
import { type EntityRecord, PAGE_SIZE, pagesToFetch, shiftRows } from "./grid-model.ts";

export type EntityRows = {
  status: "loading" | "error" | "ready";
  error: unknown;
  /** Rows on the server (from the list answer), kept in step with local creates and deletes. */
  total: number;
  /** Changes whenever the cache does, so the grid re-renders. */
  version: number;
  get: (index: number) => EntityRecord | undefined;
  /** Ids of the cached rows (what "select all" selects). */
  loadedIds: () => string[];
  /** Loads the pages covering [start, end) that are not cached yet. */
  ensure: (start: number, end: number) => void;
  /** Drops the cache and loads again (after bulk changes); `showLoading` shows skeletons. */
  refresh: (showLoading?: boolean) => void;
  /**
   * Loads the pages in view again and swaps them in when they arrive, keeping what is shown
   * meanwhile (changes made elsewhere: no skeleton flash).
   */
  revalidate: () => void;
  insertAtTop: (record: EntityRecord) => void;
  /** Replaces a cached row by id; returns the previous one. */
  replace: (id: string, update: (record: EntityRecord) => EntityRecord) => EntityRecord | undefined;
  remove: (id: string) => void;
};

function indexOf(cache: ReadonlyMap<number, EntityRecord>, id: string): number | undefined {
  for (const [index, record] of cache) if (record.id === id) return index;
  return undefined;
}

/**
 * The grid's rows, fetched a page of 100 at a time (sort createdAt:desc, limit, skip) as
 * the user scrolls, cached by index. Local creates and deletes shift the cache instead of
 * refetching; answers for a cache that changed meanwhile are dropped and fetched again.
 */
export function useEntityRows(api: DatabaseApi, entity: string): EntityRows {
  const cache = useRef(new Map<number, EntityRecord>());
  const inFlight = useRef(new Set<number>());
  const generation = useRef(0);
  const range = useRef({ start: 0, end: PAGE_SIZE });
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ status: EntityRows["status"]; error: unknown; total: number }>({
    status: "loading",
    error: undefined,
    total: 0,
  });

  const fetchPage = useCallback(
    async (page: number) => {
      const id = generation.current;
      inFlight.current.add(page);
      try {
        const answer = await api.listRecords(entity, page * PAGE_SIZE, PAGE_SIZE);
        if (id !== generation.current) return;
        answer.items.forEach((record, offset) => {
          cache.current.set(page * PAGE_SIZE + offset, record);
        });
        setState({ status: "ready", error: undefined, total: answer.total ?? answer.items.length });
        setVersion((v) => v + 1);
      } catch (error) {
        if (id !== generation.current) return;
        setState((prev) => (prev.status === "ready" ? prev : { status: "error", error, total: 0 }));
      } finally {
        if (id === generation.current) inFlight.current.delete(page);
      }
    },
    [api, entity],
  );

  const ensure = useCallback(
    (start: number, end: number) => {
      range.current = { start, end };
      for (const page of pagesToFetch(start, end, (i) => cache.current.has(i), inFlight.current))
        void fetchPage(page);
    },
    [fetchPage],
  );

  /** Invalidates answers under way; the next render asks again for what is missing. */
  const bump = useCallback(() => {
    generation.current++;
    inFlight.current = new Set();
    setVersion((v) => v + 1);
  }, []);

  const refresh = useCallback(
    (showLoading = false) => {
      cache.current = new Map();
      bump();
      if (showLoading) setState({ status: "loading", error: undefined, total: 0 });
      const { start, end } = range.current;
      ensure(start, Math.max(end, 1));
      if (start > 0) void fetchPage(0);
    },
    [bump, ensure, fetchPage],
  );

  const revalidate = useCallback(() => {
    const id = ++generation.current;
    inFlight.current = new Set();
    const { start, end } = range.current;
    const pages: number[] = [];
    for (let page = Math.floor(start / PAGE_SIZE); page * PAGE_SIZE < Math.max(end, 1); page++)
      pages.push(page);
    Promise.all(pages.map((page) => api.listRecords(entity, page * PAGE_SIZE, PAGE_SIZE))).then(
      (answers) => {
        if (id !== generation.current) return;
        // Rows may have moved between pages: only the pages just read are kept.
        const next = new Map<number, EntityRecord>();
        answers.forEach((answer, i) => {
          answer.items.forEach((record, offset) => {
            next.set(pages[i]! * PAGE_SIZE + offset, record);
          });
        });
        cache.current = next;
        const total = answers[0]?.total ?? next.size;
        setState({ status: "ready", error: undefined, total });
        setVersion((v) => v + 1);
      },
      () => {
        // Keep what is shown; the next change or scroll asks again.
        if (id === generation.current) setVersion((v) => v + 1);
      },
    );
  }, [api, entity]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entity starts from scratch.
  useEffect(() => {
    range.current = { start: 0, end: PAGE_SIZE };
    refresh(true);
    return () => {
      generation.current++;
    };
  }, [entity]);

  const insertAtTop = useCallback(
    (record: EntityRecord) => {
      cache.current = shiftRows(cache.current, 0, 1);
      cache.current.set(0, record);
      setState((prev) => ({ ...prev, total: prev.total + 1 }));
      bump();
    },
    [bump],
  );

  const replace = useCallback(
    (id: string, update: (record: EntityRecord) => EntityRecord) => {
      const index = indexOf(cache.current, id);
      if (index === undefined) return undefined;
      const previous = cache.current.get(index)!;
      cache.current.set(index, update(previous));
      // A reload read before this write would put the old value back (quick multiselect
      // clicks lost their first tags to the reload a change of another cell started):
      // answers under way are dropped; the write's own change event reloads again.
      bump();
      return previous;
    },
    [bump],
  );

  const remove = useCallback(
    (id: string) => {
      const index = indexOf(cache.current, id);
      if (index !== undefined) cache.current = shiftRows(cache.current, index, -1);
      setState((prev) => ({ ...prev, total: Math.max(0, prev.total - 1) }));
      bump();
    },
    [bump],
  );

  return {
    ...state,
    version,
    get: (index) => cache.current.get(index),
    loadedIds: () => [...cache.current.values()].map((record) => record.id),
    ensure,
    refresh,
    revalidate,
    insertAtTop,
    replace,
    remove,
  };
}
