import { describe, expect, it } from "vitest";
import { loadRelayedModules, relayFrameModules } from "./relay-frame-modules.ts";

const RELAY = {
  pack: "/runtime/vendor-pack/abc/key.json",
  js: "/runtime/assets/1.js",
  css: "/runtime/assets/2.css",
};

function fakeFetch(bodies: Record<string, string | null>, calls: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const body = bodies[url];
    return new Response(body ?? "missing", { status: body === null || body === undefined ? 404 : 200 });
  }) as typeof fetch;
}

const FILES = {
  [RELAY.pack]: JSON.stringify({ modules: { "/runtime/vendor/react-1.js": "export default 1;" } }),
  [RELAY.js]: "export default function App() {}",
  [RELAY.css]: "body{color:red}",
};

/** A window that delivers messages to its listeners, and a frame whose window records what it is sent. */
function setup(fetchImpl: typeof fetch) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const win = {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
  } as unknown as Window;
  const sent: unknown[] = [];
  const frameWindow = { postMessage: (message: unknown) => sent.push(message) };
  const frame = { contentWindow: frameWindow as unknown as Window };
  const stop = relayFrameModules({ frame, relay: RELAY, win, fetchImpl });
  const deliver = (source: unknown, data: unknown, origin = "null") => {
    for (const listener of listeners) listener({ source, data, origin } as MessageEvent);
  };
  return { sent, frameWindow, deliver, stop, listeners };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ASK = { source: "liftoff-frame", type: "modules" };

describe("loadRelayedModules", () => {
  it("gathers the pack's modules, the app module under its own URL, and the stylesheet", async () => {
    expect(await loadRelayedModules(RELAY, fakeFetch(FILES))).toEqual({
      modules: {
        "/runtime/vendor/react-1.js": "export default 1;",
        "/runtime/assets/1.js": "export default function App() {}",
      },
      css: "body{color:red}",
    });
  });

  it("takes a production bundle's pack (no separate app module) with its chunks' import map entries", async () => {
    const calls: string[] = [];
    const relay = { pack: "/runtime/assets/abc.json", css: RELAY.css };
    const pack = {
      modules: { "/runtime/vendor/liftoff-runtime-1.js": "start", "@liftoff/app/chunk-A.js": "app" },
      imports: { "@liftoff/app/chunk-A.js": "@liftoff/app/chunk-A.js" },
    };
    const files = { [relay.pack]: JSON.stringify(pack), [RELAY.css]: "body{}" };
    expect(await loadRelayedModules(relay, fakeFetch(files, calls))).toEqual({ ...pack, css: "body{}" });
    expect(calls.sort()).toEqual([RELAY.css, relay.pack].sort());
  });

  it("gives null when any file fails, or the pack is not one", async () => {
    expect(await loadRelayedModules(RELAY, fakeFetch({ ...FILES, [RELAY.css]: null }))).toBeNull();
    expect(await loadRelayedModules(RELAY, fakeFetch({ ...FILES, [RELAY.pack]: "[]" }))).toBeNull();
    expect(await loadRelayedModules(RELAY, fakeFetch({ ...FILES, [RELAY.pack]: "{not json" }))).toBeNull();
  });
});

describe("relayFrameModules", () => {
  it("fetches at once and answers the frame's requests, folding repeats while one is pending", async () => {
    const calls: string[] = [];
    const { sent, frameWindow, deliver } = setup(fakeFetch(FILES, calls));
    expect(calls).toHaveLength(3);
    deliver(frameWindow, ASK);
    deliver(frameWindow, ASK);
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      source: "liftoff-host",
      type: "modules",
      pack: { css: "body{color:red}" },
    });
    // A reloaded frame asks again and is answered again, without fetching again.
    deliver(frameWindow, ASK);
    await flush();
    expect(sent).toHaveLength(2);
    expect(calls).toHaveLength(3);
  });

  it("answers only its own opaque frame, and only its request", async () => {
    const { sent, frameWindow, deliver } = setup(fakeFetch(FILES));
    deliver({}, ASK);
    deliver(frameWindow, ASK, "https://evil.example");
    deliver(frameWindow, { source: "liftoff-frame", type: "ready" });
    deliver(frameWindow, null);
    await flush();
    expect(sent).toEqual([]);
  });

  it("answers null when the files could not be fetched, so the frame loads them itself", async () => {
    const { sent, frameWindow, deliver } = setup(fakeFetch({}));
    deliver(frameWindow, ASK);
    await flush();
    await flush();
    expect(sent).toEqual([{ source: "liftoff-host", type: "modules", pack: null }]);
  });

  it("stops listening when stopped", () => {
    const { stop, listeners } = setup(fakeFetch(FILES));
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
  });
});
