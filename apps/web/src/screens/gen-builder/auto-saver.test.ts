import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AutoSaverState, createAutoSaver, type SaveAnswer } from "./auto-saver.ts";

type Doc = { text: string };

/** A save the test answers by hand, in any order. */
function controlledSave() {
  const calls: {
    doc: Doc;
    base: number | null;
    resolve: (a: SaveAnswer<Doc>) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const save = (doc: Doc, base: number | null) =>
    new Promise<SaveAnswer<Doc>>((resolve, reject) => calls.push({ doc, base, resolve, reject }));
  return { calls, save };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe("createAutoSaver", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (save: (doc: Doc, base: number | null) => Promise<SaveAnswer<Doc>>) => {
    const states: AutoSaverState<Doc>[] = [];
    const saver = createAutoSaver<Doc>({
      initial: { text: "a" },
      initialVersion: 1,
      debounceMs: 2_000,
      save,
      onState: (state) => states.push(state),
    });
    return { saver, states };
  };

  it("saves once, 2,000 ms after the last change, with the version it edits", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.update({ text: "b" });
    await vi.advanceTimersByTimeAsync(1_500);
    saver.update({ text: "bc" });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(0);
    expect(saver.state().pending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.doc.text, c.base])).toEqual([["bc", 1]]);
    expect(saver.state().saving).toBe(true);
    calls[0]!.resolve({ doc: { text: "bc" }, version: 2 });
    await settle();
    expect(saver.state()).toMatchObject({ saving: false, pending: false, version: 2, failure: null });
  });

  it("runs one save at a time: changes made meanwhile go out after it, based on its version", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.update({ text: "b" });
    await vi.advanceTimersByTimeAsync(2_000);
    saver.update({ text: "c" });
    // A flush (publish) and the timer both want to save while the first is running.
    const flushed = saver.flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve({ doc: { text: "b" }, version: 2 });
    await settle();
    expect(calls.map((c) => [c.doc.text, c.base])).toEqual([
      ["b", 1],
      ["c", 2],
    ]);
    // The editor kept its newer text; the first answer did not overwrite it.
    expect(saver.state().doc.text).toBe("c");
    calls[1]!.resolve({ doc: { text: "c" }, version: 2 });
    await expect(flushed).resolves.toBe(true);
    expect(saver.state().pending).toBe(false);
  });

  it("keeps the edits after a failure, and saves them with the next change or a flush", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.update({ text: "b" });
    await vi.advanceTimersByTimeAsync(2_000);
    calls[0]!.reject(new Error("offline"));
    await settle();
    expect(saver.state()).toMatchObject({ pending: true, saving: false, doc: { text: "b" } });
    expect(saver.state().failure).toBeInstanceOf(Error);
    // No retry loop by itself.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    const retry = saver.flush();
    await settle();
    calls[1]!.resolve({ doc: { text: "b" }, version: 2 });
    await expect(retry).resolves.toBe(true);
    expect(saver.state().failure).toBeNull();
  });

  it("drops the answer of a save sent before a restore, which wins", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.update({ text: "typed" });
    await vi.advanceTimersByTimeAsync(2_000);
    saver.adopt({ text: "restored" }, 7);
    calls[0]!.resolve({ doc: { text: "typed" }, version: 6 });
    await settle();
    expect(saver.state()).toMatchObject({ doc: { text: "restored" }, version: 7, pending: false });
    // A failure of the stale save is dropped too.
    saver.update({ text: "x" });
    await vi.advanceTimersByTimeAsync(2_000);
    saver.adopt({ text: "again" }, 8);
    calls[1]!.reject(new Error("late"));
    await settle();
    expect(saver.state().failure).toBeNull();
  });

  it("applies a server-made change to the shown and the saved copy without a save", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.patchSaved((doc) => ({ text: `${doc.text}+chat` }), 2);
    expect(saver.state()).toMatchObject({ doc: { text: "a+chat" }, pending: false, version: 2 });
    saver.update({ text: "edited" });
    saver.patchSaved((doc) => ({ text: `${doc.text}!` }), 3);
    expect(saver.state()).toMatchObject({ doc: { text: "edited!" }, acked: { text: "a+chat!" }, version: 3 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.map((c) => [c.doc.text, c.base])).toEqual([["edited!", 3]]);
  });

  it("stops its timer when disposed", async () => {
    const { calls, save } = controlledSave();
    const { saver } = make(save);
    saver.update({ text: "b" });
    saver.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
  });
});
