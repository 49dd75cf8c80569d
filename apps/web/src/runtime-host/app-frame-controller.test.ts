import type { AppRuntimeError } from "@liftoff/domain";
import { describe, expect, it, vi } from "vitest";
import { createAppFrameController } from "./app-frame-controller.ts";
import { appStorageKey } from "./app-storage.ts";

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const ERROR: AppRuntimeError = {
  title: "Boom",
  details: "at Tasks",
  componentName: "Tasks",
  scope: "render",
};

function setup(token: string | null = "lat_user") {
  const sent: Array<{ message: unknown; targetOrigin: string }> = [];
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }),
  };
  const storage = new MemoryStorage();
  const opened: string[] = [];
  const callbacks = {
    onError: vi.fn(),
    onNavigate: vi.fn(),
    onRendered: vi.fn(),
    onLogin: vi.fn(),
    onLogout: vi.fn(),
    onReady: vi.fn(),
  };
  let currentToken = token;
  const controller = createAppFrameController(
    {
      ...callbacks,
      getToken: () => currentToken,
      path: "/Tasks?id=3",
      preview: false,
      storageKey: appStorageKey("a1"),
    },
    {
      getFrameWindow: () => frameWindow,
      storage,
      openWindow: (url) => opened.push(url),
      ownOrigins: ["https://liftoff.example", "https://shop.example"],
    },
  );
  const fromFrame = (data: unknown, source: unknown = frameWindow, origin = "null") =>
    controller.handleMessage({ data, source: source as MessageEventSource, origin });
  return {
    controller,
    callbacks,
    sent,
    storage,
    opened,
    fromFrame,
    frameWindow,
    setCurrentToken: (t: string | null) => (currentToken = t),
  };
}

const msg = (body: Record<string, unknown>) => ({ source: "liftoff-frame", ...body });

describe("createAppFrameController", () => {
  it("answers ready with init carrying the token, path, stored values and preview flag", () => {
    const { fromFrame, sent, storage, callbacks } = setup();
    storage.setItem(appStorageKey("a1"), JSON.stringify({ theme: "dark" }));
    expect(fromFrame(msg({ type: "ready" }))).toBe(true);
    expect(sent).toEqual([
      {
        message: {
          source: "liftoff-host",
          type: "init",
          token: "lat_user",
          path: "/Tasks?id=3",
          storage: { theme: "dark" },
          preview: false,
        },
        targetOrigin: "*",
      },
    ]);
    expect(callbacks.onReady).toHaveBeenCalledOnce();
  });

  it("sends init unasked for an adopted frame, and answers every repeated ready too", () => {
    const { controller, fromFrame, sent, callbacks } = setup();
    controller.sendInit();
    expect(sent.map((s) => s.message)).toEqual([
      {
        source: "liftoff-host",
        type: "init",
        token: "lat_user",
        path: "/Tasks?id=3",
        storage: {},
        preview: false,
      },
    ]);
    expect(sent[0]?.targetOrigin).toBe("*");
    // Unasked init is not the frame saying ready.
    expect(callbacks.onReady).not.toHaveBeenCalled();
    // A ready sent before the frame had the init (it repeats every 50 ms) is answered as well.
    fromFrame(msg({ type: "ready" }));
    fromFrame(msg({ type: "ready" }));
    expect(sent.map((s) => (s.message as { type: string }).type)).toEqual(["init", "init", "init"]);
    // The path the app moved to since is where a restarted frame begins.
    fromFrame(msg({ type: "navigate", path: "/Board" }));
    controller.sendInit();
    expect(sent.at(-1)?.message).toMatchObject({ type: "init", path: "/Board" });
  });

  it("sends nothing unasked before a frame is attached", () => {
    const controller = createAppFrameController(
      { getToken: () => "lat_x", path: "/", preview: false, storageKey: "k" },
      { getFrameWindow: () => null, storage: null, openWindow: () => undefined, ownOrigins: [] },
    );
    expect(() => controller.sendInit()).not.toThrow();
  });

  it("reads the token again on every ready, and restarts at the path the app was last on", () => {
    const { fromFrame, sent, setCurrentToken } = setup(null);
    fromFrame(msg({ type: "navigate", path: "/Settings" }));
    setCurrentToken("lat_new");
    fromFrame(msg({ type: "ready" }));
    expect(sent.at(-1)?.message).toMatchObject({ type: "init", token: "lat_new", path: "/Settings" });
  });

  it("ignores messages from any other window, from a non-opaque origin, or that do not parse", () => {
    const { fromFrame, sent, callbacks } = setup();
    const otherWindow = { postMessage: () => undefined };
    expect(fromFrame(msg({ type: "ready" }), otherWindow)).toBe(false);
    expect(fromFrame(msg({ type: "ready" }), null)).toBe(false);
    expect(fromFrame(msg({ type: "ready" }), undefined, "http://localhost:3001")).toBe(false);
    expect(fromFrame({ source: "liftoff-host", type: "ready" })).toBe(false);
    expect(fromFrame(msg({ type: "error", error: { title: "x" } }))).toBe(false);
    expect(fromFrame("ready")).toBe(false);
    expect(fromFrame(msg({ type: "navigate", path: "x".repeat(2001) }))).toBe(false);
    expect(sent).toEqual([]);
    expect(callbacks.onError).not.toHaveBeenCalled();
    expect(callbacks.onNavigate).not.toHaveBeenCalled();
  });

  it("ignores everything before the frame is attached", () => {
    const onReady = vi.fn();
    const controller = createAppFrameController(
      { getToken: () => null, path: "/", preview: true, storageKey: "k", onReady },
      { getFrameWindow: () => null, storage: null, openWindow: () => undefined, ownOrigins: [] },
    );
    expect(controller.handleMessage({ data: msg({ type: "ready" }), source: null, origin: "null" })).toBe(
      false,
    );
    expect(onReady).not.toHaveBeenCalled();
  });

  it("routes rendered, error, navigate, login and logout to the callbacks", () => {
    const { fromFrame, callbacks, controller } = setup();
    fromFrame(msg({ type: "rendered", page: "Tasks" }));
    fromFrame(msg({ type: "error", error: ERROR }));
    fromFrame(msg({ type: "navigate", path: "/Board" }));
    fromFrame(msg({ type: "login", nextPath: "/Board" }));
    fromFrame(msg({ type: "logout", redirectPath: "/" }));
    expect(callbacks.onRendered).toHaveBeenCalledWith("Tasks");
    expect(callbacks.onError).toHaveBeenCalledWith(ERROR);
    expect(callbacks.onNavigate).toHaveBeenCalledWith("/Board");
    expect(callbacks.onLogin).toHaveBeenCalledWith("/Board");
    expect(callbacks.onLogout).toHaveBeenCalledWith("/");
    expect(controller.currentPath()).toBe("/Board");
  });

  it("persists storage messages under the app's own key, removing with null", () => {
    const { fromFrame, storage } = setup();
    fromFrame(msg({ type: "storage", key: "draft", value: "hello" }));
    fromFrame(msg({ type: "storage", key: "other", value: "x" }));
    expect(JSON.parse(storage.getItem(appStorageKey("a1")) ?? "{}")).toEqual({ draft: "hello", other: "x" });
    fromFrame(msg({ type: "storage", key: "draft", value: null }));
    fromFrame(msg({ type: "storage", key: "other", value: null }));
    expect(storage.items.size).toBe(0);
  });

  it("opens only http(s) URLs of other origins than the platform's and the page's", () => {
    const { fromFrame, opened } = setup();
    fromFrame(msg({ type: "open", url: "https://example.com/docs?a=1" }));
    fromFrame(msg({ type: "open", url: "javascript:alert(document.cookie)" }));
    fromFrame(msg({ type: "open", url: "data:text/html,<script>1</script>" }));
    fromFrame(msg({ type: "open", url: "/api/account/current" }));
    // Its own frame document top-level, and any platform or custom-host page.
    fromFrame(msg({ type: "open", url: "https://liftoff.example/runtime/frame?appId=a1&versionId=v1" }));
    fromFrame(msg({ type: "open", url: "https://LIFTOFF.example:443/api/account/current" }));
    fromFrame(msg({ type: "open", url: "https://shop.example/" }));
    expect(opened).toEqual(["https://example.com/docs?a=1"]);
  });

  it("sends navigate and token messages to the frame", () => {
    const { controller, sent } = setup();
    controller.navigate("/Board");
    controller.setToken(null);
    expect(sent.map((s) => s.message)).toEqual([
      { source: "liftoff-host", type: "navigate", path: "/Board" },
      { source: "liftoff-host", type: "token", token: null },
    ]);
    expect(controller.currentPath()).toBe("/Board");
  });

  it("uses callbacks set later", () => {
    const { controller, fromFrame, callbacks } = setup();
    const onRendered = vi.fn();
    controller.setCallbacks({ onRendered });
    fromFrame(msg({ type: "rendered", page: "Home" }));
    expect(onRendered).toHaveBeenCalledWith("Home");
    expect(callbacks.onRendered).not.toHaveBeenCalled();
  });
});
