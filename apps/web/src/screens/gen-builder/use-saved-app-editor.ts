import type { FieldMessages, SavedApp, SavedAppResponse } from "@liftoff/domain";
import { useCallback, useEffect, useRef, useState } from "react";
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
  update: (next: SavedApp | ((current: SavedApp) => SavedApp)) => void;
  /** Sends pending changes now (before publishing, or the failure banner's Try again). */
  saveNow: () => Promise<boolean>;
  /** Takes a newer answer from elsewhere (a restored version, publish). */
  adopt: (response: SavedAppResponse) => void;
  setMeta: (update: (meta: SavedAppResponse) => SavedAppResponse) => void;
};

/**
 * The builder's copy of a generated app or single tool, saved automatically: every change
 * restarts a 2,000 ms timer, then the whole document goes to POST /api/apps. One save runs
 * at a time; changes made while it runs are sent after it. A refused or failed save keeps
 * the edits on screen (spec: changes kept in the editor) with the reason, and the next
 * change or Try again sends them again.
 */
export function useSavedAppEditor(initial: SavedAppResponse): SavedAppEditor {
  const [app, setApp] = useState(initial.app);
  const [meta, setMetaState] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [warnings, setWarnings] = useState(initial.warnings);
  const appRef = useRef(app);
  const ackedRef = useRef(initial.app);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const kind = initial.kind;
  const appId = initial.appId;

  const send = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const snapshot = appRef.current;
    if (snapshot === ackedRef.current) {
      setSaveState("saved");
      return true;
    }
    setSaveState("saving");
    const run = (async () => {
      try {
        const response = await savedAppApi.save(appId, kind, snapshot);
        ackedRef.current = snapshot;
        setMetaState(response);
        setWarnings(response.warnings);
        setFailure(null);
        // Nothing typed meanwhile: take the server's copy (it is what was sent, checked).
        if (appRef.current === snapshot) {
          appRef.current = response.app;
          ackedRef.current = response.app;
          setApp(response.app);
          setSaveState("saved");
        } else setSaveState("pending");
        return true;
      } catch (error) {
        setFailure(describeSaveFailure(error));
        setSaveState("failed");
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    const ok = await run;
    // Changes made while that save ran go out after their own debounce (update restarted it).
    return ok && appRef.current === ackedRef.current;
  }, [appId, kind]);

  const update = useCallback(
    (next: SavedApp | ((current: SavedApp) => SavedApp)) => {
      const value = typeof next === "function" ? next(appRef.current) : next;
      if (value === appRef.current) return;
      appRef.current = value;
      setApp(value);
      setSaveState((state) => (state === "saving" ? state : "pending"));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), AUTO_SAVE_DEBOUNCE_MS);
    },
    [send],
  );

  const adopt = useCallback((response: SavedAppResponse) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    appRef.current = response.app;
    ackedRef.current = response.app;
    setApp(response.app);
    setMetaState(response);
    setWarnings(response.warnings);
    setFailure(null);
    setSaveState("saved");
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    app,
    meta,
    saveState,
    isDirty: app !== ackedRef.current || saveState === "saving",
    failure,
    errors: failure?.errors ?? {},
    warnings,
    update,
    saveNow: send,
    adopt,
    setMeta: setMetaState,
  };
}
