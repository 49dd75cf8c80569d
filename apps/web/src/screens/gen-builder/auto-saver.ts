/**
 * The auto-save of the generated-app builder, without React (so its races are unit-tested
 * with fake timers): every change restarts the debounce; one save runs at a time and
 * changes made meanwhile go out after it; a failed save keeps the edits and waits for the
 * next change or a flush; a document adopted from elsewhere (a restored version) makes any
 * answer to an older save stale, so it can never overwrite what was adopted. Each save
 * names the version it edits, so the server can refuse one based on an older version.
 */
export type SaveAnswer<D> = { doc: D; version: number | null };

export type AutoSaverState<D> = {
  /** What the editor shows: the builder's latest document. */
  doc: D;
  /** The document the server has acknowledged last. */
  acked: D;
  /** The server's version of `acked`, sent as the base of the next save. */
  version: number | null;
  saving: boolean;
  /** A change is waiting for its debounce (or for the running save). */
  pending: boolean;
  /** Why the last save failed (cleared by the next good one). */
  failure: unknown;
};

export type AutoSaverOptions<D, A extends SaveAnswer<D> = SaveAnswer<D>> = {
  initial: D;
  initialVersion: number | null;
  debounceMs: number;
  save: (doc: D, baseVersion: number | null) => Promise<A>;
  onState: (state: AutoSaverState<D>) => void;
  /** Called with each good, current answer (the server's view of the app besides the document). */
  onSaved?: (answer: A) => void;
  timers?: {
    set: (run: () => void, ms: number) => unknown;
    clear: (handle: unknown) => void;
  };
};

export type AutoSaver<D> = {
  state: () => AutoSaverState<D>;
  update: (doc: D) => void;
  /** Sends what is pending now; true when the builder's document is then saved. */
  flush: () => Promise<boolean>;
  /** Takes a document the server already holds (a restore), dropping older answers. */
  adopt: (doc: D, version: number | null) => void;
  /** Applies a change the server made by itself (the chat switch) to shown and saved copies. */
  patchSaved: (change: (doc: D) => D, version: number | null) => void;
  dispose: () => void;
};

export function createAutoSaver<D, A extends SaveAnswer<D> = SaveAnswer<D>>(
  options: AutoSaverOptions<D, A>,
): AutoSaver<D> {
  const timers = options.timers ?? {
    set: (run: () => void, ms: number) => setTimeout(run, ms),
    clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let doc = options.initial;
  let acked = options.initial;
  let version = options.initialVersion;
  let failure: unknown = null;
  let timer: unknown = null;
  let running: Promise<boolean> | null = null;
  // Bumped by adopt: an answer to a save sent before it is stale.
  let generation = 0;
  let disposed = false;

  const state = (): AutoSaverState<D> => ({
    doc,
    acked,
    version,
    saving: running !== null,
    pending: doc !== acked,
    failure,
  });
  const notify = () => {
    if (!disposed) options.onState(state());
  };
  const cancelTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const schedule = () => {
    cancelTimer();
    timer = timers.set(() => {
      timer = null;
      void flush();
    }, options.debounceMs);
  };

  const runOnce = async (): Promise<boolean> => {
    const snapshot = doc;
    const started = generation;
    try {
      const answer = await options.save(snapshot, version);
      if (started !== generation) return false;
      failure = null;
      version = answer.version;
      acked = snapshot;
      // Nothing typed meanwhile: show the server's copy (the same document, as checked).
      if (doc === snapshot) {
        doc = answer.doc;
        acked = answer.doc;
      }
      options.onSaved?.(answer);
      return true;
    } catch (error) {
      if (started === generation) failure = error;
      return false;
    }
  };

  const flush = async (): Promise<boolean> => {
    cancelTimer();
    while (running) await running;
    if (doc === acked) return failure === null;
    const run = runOnce();
    running = run;
    notify();
    let ok = false;
    try {
      ok = await run;
    } finally {
      if (running === run) running = null;
    }
    // Changes made while it ran go out after their own debounce; a failure waits for the builder.
    if (ok && doc !== acked && timer === null) schedule();
    notify();
    return ok && doc === acked;
  };

  return {
    state,
    update(next) {
      if (next === doc) return;
      doc = next;
      schedule();
      notify();
    },
    flush,
    adopt(next, nextVersion) {
      cancelTimer();
      generation += 1;
      doc = next;
      acked = next;
      version = nextVersion;
      failure = null;
      notify();
    },
    patchSaved(change, nextVersion) {
      const same = doc === acked;
      acked = change(acked);
      doc = same ? acked : change(doc);
      version = nextVersion;
      notify();
    },
    dispose() {
      disposed = true;
      cancelTimer();
    },
  };
}
