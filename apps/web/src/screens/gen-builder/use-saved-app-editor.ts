import type { FieldMessages, SavedApp, SavedAppResponse } from "@liftoff/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type AutoSaver, type AutoSaverState, createAutoSaver } from "./auto-saver.ts";
import { describeSaveFailure, type SaveFailure } from "./save-failure.ts";
import { savedAppApi } from "./saved-app-api.ts";

/** Spec section 9: "App auto-save debounce 2000 ms". */
export const AUTO_SAVE_DEBOUNCE_MS = 2_000;

export type SaveState = "saved" | "pending" | "saving" | "failed";

export type SavedAppEditor = {
  app: SavedApp;
  /** The server's view after the last save or load (status, publish state, sign-up rules). */
  meta: SavedAppResponse;
  saveState: SaveState;
  /** Changes the builder has made that the server has not acknowledged yet. */
  isDirty: boolean;
  failure: SaveFailure | null;
  /** Field messages of the last refused save, by saved-app path. */
  errors: FieldMessages;
  /** Messages that never refuse a save (unknown tags, inactive fields), from the last answer. */
  warnings: FieldMessages;
  /** Bumped when a document is adopted from elsewhere: panels holding local drafts remount. */
  generation: number;
  update: (next: SavedApp | ((current: SavedApp) => SavedApp)) => void;
  /** Sends pending changes now (before publishing, or the failure banner's Try again). */
  saveNow: () => Promise<boolean>;
  /** Takes a newer answer from elsewhere (a restored version). */
  adopt: (response: SavedAppResponse) => void;
  /** Applies a change the server made by itself (the chat switch) without a save. */
  patchSaved: (change: (app: SavedApp) => SavedApp, version: number | null) => void;
  setMeta: (update: (meta: SavedAppResponse) => SavedAppResponse) => void;
};

/**
 * The builder's copy of a generated app or single tool, saved automatically by an
 * AutoSaver (auto-saver.ts: 2,000 ms debounce, one save at a time, stale answers dropped,
 * the base version sent with each save). A refused or failed save keeps the edits on
 * screen (spec: changes kept in the editor) with the reason.
 */
export function useSavedAppEditor(initial: SavedAppResponse): SavedAppEditor {
  const [meta, setMeta] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const saverRef = useRef<AutoSaver<SavedApp> | null>(null);
  const [state, setState] = useState<AutoSaverState<SavedApp>>(() => ({
    doc: initial.app,
    acked: initial.app,
    version: initial.version,
    saving: false,
    pending: false,
    failure: null,
  }));
  if (saverRef.current === null) {
    const { appId, kind } = initial;
    saverRef.current = createAutoSaver<SavedApp, SavedAppResponse & { doc: SavedApp }>({
      initial: initial.app,
      initialVersion: initial.version,
      debounceMs: AUTO_SAVE_DEBOUNCE_MS,
      save: async (doc, baseVersion) => {
        const response = await savedAppApi.save(appId, kind, doc, baseVersion);
        return { ...response, doc: response.app };
      },
      onState: setState,
      onSaved: ({ doc: _doc, ...response }) => setMeta(response),
    });
  }
  const saver = saverRef.current;
  useEffect(() => () => saver.dispose(), [saver]);

  const update = useCallback(
    (next: SavedApp | ((current: SavedApp) => SavedApp)) =>
      saver.update(typeof next === "function" ? next(saver.state().doc) : next),
    [saver],
  );
  const adopt = useCallback(
    (response: SavedAppResponse) => {
      saver.adopt(response.app, response.version);
      setMeta(response);
      setGeneration((n) => n + 1);
    },
    [saver],
  );
  const failure = useMemo(() => (state.failure ? describeSaveFailure(state.failure) : null), [state.failure]);
  const saveState: SaveState = state.saving
    ? "saving"
    : failure
      ? "failed"
      : state.pending
        ? "pending"
        : "saved";

  return {
    app: state.doc,
    meta: { ...meta, version: state.version },
    saveState,
    isDirty: state.pending || state.saving,
    failure,
    errors: failure?.errors ?? {},
    warnings: meta.warnings,
    generation,
    update,
    saveNow: saver.flush,
    adopt,
    patchSaved: saver.patchSaved,
    setMeta,
  };
}
