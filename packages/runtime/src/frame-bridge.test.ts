import { describe, expect, it, vi } from "vitest";
import { announceReady, isTopLevel, parseHostMessage, postToHost } from "./frame-bridge.ts";

function fakeFrame() {
  const posted: [unknown, string][] = [];
  const parent = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
  const win = { parent } as unknown as Window;
  return { win, parent, posted };
}

const INIT = {
  source: "liftoff-host",
  type: "init",
  token: "lat_x",
  path: "/Tasks",
  storage: { a: "1" },
  preview: false,
};

describe("parseHostMessage", () => {
  it("accepts valid host messages from the parent window", () => {
    const { win, parent } = fakeFrame();
    expect(parseHostMessage({ source: parent as unknown as Window, data: INIT }, win)).toEqual(INIT);
    const navigate = { source: "liftoff-host", type: "navigate", path: "/Home" };
    expect(parseHostMessage({ source: parent as unknown as Window, data: navigate }, win)).toEqual(navigate);
  });

  it("ignores messages from anyone else, malformed ones, and frame messages", () => {
    const { win, parent } = fakeFrame();
    const stranger = {} as Window;
    expect(parseHostMessage({ source: stranger, data: INIT }, win)).toBeNull();
    const from = parent as unknown as Window;
    expect(parseHostMessage({ source: from, data: { ...INIT, token: 5 } }, win)).toBeNull();
    expect(parseHostMessage({ source: from, data: { ...INIT, source: "liftoff-frame" } }, win)).toBeNull();
    expect(parseHostMessage({ source: from, data: "init" }, win)).toBeNull();
    expect(
      parseHostMessage({ source: from, data: { source: "liftoff-host", type: "eval", code: "x" } }, win),
    ).toBeNull();
  });

  it("ignores everything when the frame is opened top-level", () => {
    const win = {} as Window & { parent: Window; top: Window };
    win.parent = win;
    win.top = win;
    expect(isTopLevel(win)).toBe(true);
    expect(parseHostMessage({ source: win, data: INIT }, win)).toBeNull();
    // Its window counts as top-level as soon as either says so.
    const { win: framed } = fakeFrame();
    expect(isTopLevel(framed)).toBe(false);
    (framed as { top: Window }).top = framed;
    expect(isTopLevel(framed)).toBe(true);
  });
});

describe("postToHost", () => {
  it("posts frame messages to the parent", () => {
    const { win, posted } = fakeFrame();
    postToHost({ type: "navigate", path: "/Tasks" }, win);
    expect(posted).toEqual([[{ source: "liftoff-frame", type: "navigate", path: "/Tasks" }, "*"]]);
  });

  it("posts nothing when opened directly", () => {
    const posted: unknown[] = [];
    const win = { postMessage: (m: unknown) => posted.push(m) } as unknown as Window & { parent: Window };
    win.parent = win;
    postToHost({ type: "ready" }, win);
    expect(posted).toEqual([]);
  });
});

describe("announceReady", () => {
  const READY = [{ source: "liftoff-frame", type: "ready" }, "*"];

  it("says ready at once and every 50 ms until stopped", () => {
    vi.useFakeTimers();
    try {
      const { win, posted } = fakeFrame();
      const stop = announceReady(win);
      expect(posted).toEqual([READY]);
      vi.advanceTimersByTime(49);
      expect(posted).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(posted).toHaveLength(2);
      vi.advanceTimersByTime(100);
      expect(posted).toEqual([READY, READY, READY, READY]);
      stop();
      vi.advanceTimersByTime(1000);
      expect(posted).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after its bound", () => {
    vi.useFakeTimers();
    try {
      const { win, posted } = fakeFrame();
      announceReady(win, { intervalMs: 50, forMs: 500 });
      vi.advanceTimersByTime(10_000);
      // The first one, then one every 50 ms for 500 ms.
      expect(posted).toHaveLength(11);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("posts nothing when opened directly", () => {
    vi.useFakeTimers();
    try {
      const posted: unknown[] = [];
      const win = { postMessage: (m: unknown) => posted.push(m) } as unknown as Window & { parent: Window };
      win.parent = win;
      announceReady(win);
      vi.advanceTimersByTime(200);
      expect(posted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
