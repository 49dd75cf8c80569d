import type { FileChangeResult } from "@liftoff/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorStatus } from "../../lib/api.ts";
import { useSaveTracker } from "../builder/save-tracker.tsx";
import { spaceAppApi } from "../builder/space-app-api.ts";
import {
  CODE_AUTOSAVE_MS,
  nextSaveStatus,
  SAVED_INDICATOR_MS,
  type SaveEvent,
  type SaveStatus,
} from "./save-status.ts";

export type FileAutosave = {
  status: SaveStatus;
  /** Edited contents not yet confirmed by the server, by file id. */
  buffers: Readonly<Record<string, string>>;
  edit(id: string, content: string): void;
  /** Saves every edited file now (Ctrl/Cmd+S, switching away). */
  flush(): Promise<void>;
  /** Saves one file right away (a new file with its starter content). */
  saveNow(id: string, content: string): Promise<FileChangeResult>;
  /** Drops every local edit (after reloading a stale draft). */
  reset(): void;
};

/**
 * Autosave of the code editor (spec sections 4 and 9): 1 s after the last keystroke the
 * edited files are saved one after another, each on top of the draft the previous save
 * produced (`baseVersionId`), so the editor's own saves never conflict with each other.
 * A 409 means someone else moved the draft: the status turns to `conflict` and saving
 * stops until the editor reloads.
 */
export function useFileAutosave(options: {
  appId: string;
  versionId: string | null;
  onSaved: (result: FileChangeResult, file: { id: string; content: string }) => void;
}): FileAutosave {
  const { appId } = options;
  const { track, setPending } = useSaveTracker();
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [buffers, setBuffers] = useState<Record<string, string>>({});
  const buffersRef = useRef(buffers);
  buffersRef.current = buffers;
  const statusRef = useRef(status);
  const versionRef = useRef(options.versionId);
  const onSavedRef = useRef(options.onSaved);
  onSavedRef.current = options.onSaved;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The draft moves on from outside too (a delete, a reload): later saves build on it.
  useEffect(() => {
    versionRef.current = options.versionId;
  }, [options.versionId]);

  const move = useCallback((event: SaveEvent) => {
    statusRef.current = nextSaveStatus(statusRef.current, event);
    setStatus(statusRef.current);
    if (settleTimer.current) clearTimeout(settleTimer.current);
    if (statusRef.current === "saved") {
      settleTimer.current = setTimeout(() => move("settle"), SAVED_INDICATOR_MS);
    }
  }, []);

  const runSave = useCallback(
    (file: { id: string; content: string }): Promise<FileChangeResult> => {
      const job = queue.current.then(async () => {
        if (statusRef.current === "conflict") throw new Error("The draft is stale");
        move("start");
        try {
          const result = await track(spaceAppApi.saveFile(appId, file, versionRef.current));
          versionRef.current = result.versionId;
          setBuffers((prev) => {
            if (prev[file.id] !== file.content) return prev;
            const { [file.id]: _saved, ...rest } = prev;
            return rest;
          });
          onSavedRef.current(result, file);
          move("success");
          return result;
        } catch (error) {
          move(errorStatus(error) === 409 ? "conflict" : "failure");
          throw error;
        }
      });
      // A failed save must not block the ones queued after it.
      queue.current = job.catch(() => undefined);
      return job;
    },
    [appId, track, move],
  );

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const pending = Object.entries(buffersRef.current);
    await Promise.all(pending.map(([id, content]) => runSave({ id, content }).catch(() => undefined)));
  }, [runSave]);

  const edit = useCallback(
    (id: string, content: string) => {
      buffersRef.current = { ...buffersRef.current, [id]: content };
      setBuffers(buffersRef.current);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), CODE_AUTOSAVE_MS);
    },
    [flush],
  );

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    buffersRef.current = {};
    setBuffers({});
    statusRef.current = "idle";
    setStatus("idle");
  }, []);

  const dirty = Object.keys(buffers).length > 0;
  useEffect(() => setPending("code-editor", dirty), [dirty, setPending]);
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(
    () => () => {
      // Leaving the editor (Done) within the debounce still saves what was typed.
      if (timer.current) void flushRef.current();
      if (settleTimer.current) clearTimeout(settleTimer.current);
      setPending("code-editor", false);
    },
    [setPending],
  );

  const saveNow = useCallback((id: string, content: string) => runSave({ id, content }), [runSave]);
  return { status, buffers, edit, flush, saveNow, reset };
}
