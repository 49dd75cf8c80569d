import { describe, expect, it, vi } from "vitest";
import { createClient } from "./create-client.ts";
import type { EntityChangeEvent } from "./entity-record.ts";
import type { SdkError } from "./sdk-error.ts";
import { fakeFetch, json, type RecordedCall } from "./testing/fake-fetch.ts";
import { sseResponse } from "./testing/sse-response.ts";

const row = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  creatorId: null,
  ...extra,
});

/** A client whose subscribe requests are answered by streams the test drives, one per connection. */
function setup(answers: ((call: RecordedCall) => Response)[] = []) {
  const streams: ReturnType<typeof sseResponse>[] = [];
  let n = 0;
  const fake = fakeFetch((call) => {
    const answer = answers[n++];
    if (answer) return answer(call);
    const stream = sseResponse();
    streams.push(stream);
    return stream.response;
  });
  const client = createClient<"Task">({
    baseUrl: "",
    appId: "app",
    getToken: () => "tok",
    fetch: fake.fetch,
    realtime: { initialDelayMs: 5, maxDelayMs: 20 },
  });
  const events: EntityChangeEvent[] = [];
  return { ...fake, client, streams, events, collect: (e: EntityChangeEvent) => events.push(e) };
}

describe("subscribe", () => {
  it("opens GET /subscribe with the token, the query and an event-stream accept header", async () => {
    const { client, calls, collect } = setup();
    const stop = client.entities.Task.subscribe(collect, { query: { done: false } });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const call = calls[0]!;
    expect(call.url.pathname).toBe("/live_api/apps/app/entities/Task/subscribe");
    expect(call.url.searchParams.get("q")).toBe('{"done":false}');
    expect(call.headers.get("accept")).toBe("text/event-stream");
    expect(call.headers.get("authorization")).toBe("Bearer tok");
    expect(call.headers.has("last-event-id")).toBe(false);
    stop();
  });

  it("delivers create, update and delete with record, data and id; ignores other events", async () => {
    const { client, streams, events, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const s = streams[0]!;
    s.send('event: ready\ndata: {"entity":"Task","cursor":"0"}\n\n');
    s.event("create", row("a", { title: "x" }), "1");
    s.event("update", row("a", { title: "y" }), "2");
    s.send('event: message\ndata: "hello"\n\n');
    s.send("id: 3\nevent: update\ndata: not json\n\n");
    s.event("delete", row("a", { title: "y" }), "4");
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map((e) => [e.type, e.id, e.record.title])).toEqual([
      ["create", "a", "x"],
      ["update", "a", "y"],
      ["delete", "a", "y"],
    ]);
    expect(events[0]!.data).toBe(events[0]!.record);
    stop();
  });

  it("reconnects after the stream breaks, sending Last-Event-ID, and skips replayed events", async () => {
    const { client, streams, calls, events, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.event("create", row("a"), "7");
    streams[0]!.event("create", row("b"), "8");
    await vi.waitFor(() => expect(events).toHaveLength(2));
    streams[0]!.fail();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(calls[1]!.headers.get("last-event-id")).toBe("8");
    // A server replaying a little too much must not show the app a change twice.
    streams[1]!.event("create", row("b"), "8");
    streams[1]!.event("update", row("a"), "9");
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map((e) => `${e.type}:${e.id}`)).toEqual(["create:a", "create:b", "update:a"]);
    stop();
  });

  it("reconnects when the server ends the stream normally", async () => {
    const { client, streams, calls, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.event("create", row("a"), "3");
    streams[0]!.end();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(calls[1]!.headers.get("last-event-id")).toBe("3");
    stop();
  });

  it("does not dedupe by order: an older id not yet seen is delivered", async () => {
    const { client, streams, events, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.event("create", row("b"), "12");
    streams[0]!.event("create", row("a"), "11");
    await vi.waitFor(() => expect(events.map((e) => e.id)).toEqual(["b", "a"]));
    stop();
  });

  it("retries network errors and 5xx with backoff, then keeps going", async () => {
    const { client, calls, streams, events, collect } = setup([
      () => {
        throw new TypeError("offline");
      },
      () => json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "later" } }),
    ]);
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(calls).toHaveLength(3);
    streams[0]!.event("create", row("a"), "1");
    await vi.waitFor(() => expect(events).toHaveLength(1));
    stop();
  });

  it("gives up on a refusal (401/403/404) and reports it to onError", async () => {
    const { client, calls, collect } = setup([
      () => json(404, { error: { code: "NOT_FOUND", message: "Entity not found" } }),
    ]);
    const errors: SdkError[] = [];
    client.entities.Task.subscribe(collect, { onError: (e) => errors.push(e) });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect([errors[0]!.status, errors[0]!.code, errors[0]!.message]).toEqual([
      404,
      "NOT_FOUND",
      "Entity not found",
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
  });

  it("logs a refusal to the console when there is no onError", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, collect } = setup([() => json(401, { error: { code: "UNAUTHORIZED", message: "no" } })]);
    client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(spy).toHaveBeenCalledOnce());
    spy.mockRestore();
  });

  it("gives up on an answer that is not an event stream", async () => {
    const { client, collect } = setup([
      () => new Response("<html>", { status: 200, headers: { "content-type": "text/html" } }),
    ]);
    const errors: SdkError[] = [];
    client.entities.Task.subscribe(collect, { onError: (e) => errors.push(e) });
    await vi.waitFor(() => expect(errors[0]?.code).toBe("INVALID_RESPONSE"));
  });

  it("stops cleanly: aborts the request, cancels the stream, delivers nothing more, never reconnects", async () => {
    const { client, streams, calls, events, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.event("create", row("a"), "1");
    await vi.waitFor(() => expect(events).toHaveLength(1));
    stop();
    stop(); // idempotent
    expect(calls[0]!.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(streams[0]!.isCancelled()).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it("stops during the backoff wait without reconnecting", async () => {
    const { client, calls, collect } = setup([
      () => {
        throw new TypeError("offline");
      },
    ]);
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    stop();
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(1);
  });

  it("honours the server's retry: delay", async () => {
    const { client, streams, collect } = setup();
    const stop = client.entities.Task.subscribe(collect);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send("retry: 300\n\n");
    streams[0]!.end();
    await new Promise((r) => setTimeout(r, 100));
    expect(streams).toHaveLength(1); // 300 ms, not the client's 5 ms
    await vi.waitFor(() => expect(streams).toHaveLength(2), { timeout: 1000 });
    stop();
  });

  it("keeps the stream going when the callback throws, surfacing the error asynchronously", async () => {
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown) => thrown.push(error);
    process.prependListener("uncaughtException", onUncaught);
    const originalListeners = process.listeners("uncaughtException").filter((l) => l !== onUncaught);
    for (const listener of originalListeners) process.off("uncaughtException", listener);
    try {
      const { client, streams } = setup();
      const seen: string[] = [];
      const stop = client.entities.Task.subscribe((event) => {
        seen.push(event.id);
        if (event.id === "a") throw new Error("app bug");
      });
      await vi.waitFor(() => expect(streams).toHaveLength(1));
      streams[0]!.event("create", row("a"), "1");
      streams[0]!.event("create", row("b"), "2");
      await vi.waitFor(() => expect(seen).toEqual(["a", "b"]));
      await vi.waitFor(() => expect(thrown).toHaveLength(1));
      expect((thrown[0] as Error).message).toBe("app bug");
      stop();
    } finally {
      process.off("uncaughtException", onUncaught);
      for (const listener of originalListeners) process.on("uncaughtException", listener);
    }
  });

  it("refuses a non-function callback and a non-object query at once", () => {
    const { client, calls } = setup();
    expect(() => client.entities.Task.subscribe("x" as any)).toThrow(/callback function/);
    expect(() => client.entities.Task.subscribe(() => {}, { query: "done" as any })).toThrow(/query object/);
    expect(() => client.entities.Task.subscribe(() => {}, "x" as any)).toThrow(/options object/);
    expect(calls).toHaveLength(0);
  });
});
