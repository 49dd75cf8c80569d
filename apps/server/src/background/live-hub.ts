import { detached } from "./detached.ts";

/**
 * In-process fan-out of work running detached from any request (a builder chat reply, a
 * tool run): the job publishes each change under its id; the request that started it and
 * any tab watching the same id (a re-attach) listen. Watchers served by another instance
 * read the database instead (each job persists itself every LIVE_PERSIST_INTERVAL_MS), so
 * no cross-instance channel is needed for a few updates a second.
 */
export type LiveHub<E> = {
  publish(id: string, event: E): void;
  subscribe(id: string, listener: (event: E) => void): () => void;
  /** Jobs running in this process, so shutdown can stop them and store them as failed. */
  running: Map<string, AbortController>;
};

export function createLiveHub<E>(what: string): LiveHub<E> {
  const listeners = new Map<string, Set<(event: E) => void>>();
  return {
    running: new Map(),
    publish(id, event) {
      for (const listener of listeners.get(id) ?? []) listener(event);
    },
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      // Called from the job, not from the watcher's request: a failing listener is logged
      // and never stops the job or the other watchers.
      const guarded = detached(`${what} listener`, listener, { id });
      set.add(guarded);
      return () => {
        set.delete(guarded);
        if (set.size === 0) listeners.delete(id);
      };
    },
  };
}

/** Asks every running job of `hubs` to stop and waits (at most `timeoutMs`) for them to store themselves. */
export async function stopLiveJobs(hubs: readonly LiveHub<unknown>[], timeoutMs: number): Promise<void> {
  for (const hub of hubs) for (const abort of hub.running.values()) abort.abort();
  const deadline = Date.now() + timeoutMs;
  while (hubs.some((hub) => hub.running.size > 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
