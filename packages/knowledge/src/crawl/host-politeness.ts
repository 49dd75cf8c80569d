export type HostPoliteness = {
  /** Waits until `delayMs` has passed since the previous request to the same host. */
  waitTurn: (host: string, delayMs: number, signal: AbortSignal | undefined) => Promise<void>;
};

/**
 * Per-host spacing of requests (pages, redirect hops and robots.txt alike). The clock
 * starts when a request is sent, so a slow page does not add to the wait.
 */
export function createHostPoliteness(): HostPoliteness {
  const lastRequestAt = new Map<string, number>();
  return {
    waitTurn: async (host, delayMs, signal) => {
      const last = lastRequestAt.get(host);
      const waitMs = last === undefined ? 0 : last + delayMs - Date.now();
      if (waitMs > 0) await sleep(waitMs, signal);
      signal?.throwIfAborted();
      lastRequestAt.set(host, Date.now());
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
