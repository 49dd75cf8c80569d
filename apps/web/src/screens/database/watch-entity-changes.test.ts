import { describe, expect, it } from "vitest";
import {
  createEventStreamReader,
  type EntityChange,
  type StreamEvent,
  watchEntityChanges,
} from "./watch-entity-changes.ts";

const STREAM =
  'event: ready\ndata: {"entity":"Task","cursor":"4"}\n\n' +
  ": keep-alive\n\n" +
  'id: 5\r\nevent: create\r\ndata: {"id":"a","title":"x"}\r\n\r\n' +
  'id: 6\revent: delete\rdata: {"id":"b"}\r\r\n';

const EXPECTED: StreamEvent[] = [
  { event: "ready", data: '{"entity":"Task","cursor":"4"}', id: undefined },
  { event: "create", data: '{"id":"a","title":"x"}', id: "5" },
  { event: "delete", data: '{"id":"b"}', id: "6" },
];

describe("createEventStreamReader", () => {
  it("reads events, ids and comments in one chunk", () => {
    expect(createEventStreamReader()(STREAM)).toEqual(EXPECTED);
  });

  it("gives the same events for the stream split at every position", () => {
    for (let at = 0; at <= STREAM.length; at++) {
      const read = createEventStreamReader();
      expect([...read(STREAM.slice(0, at)), ...read(STREAM.slice(at))]).toEqual(EXPECTED);
    }
  });

  it("gives the same events one character at a time", () => {
    const read = createEventStreamReader();
    expect([...STREAM].flatMap((char) => read(char))).toEqual(EXPECTED);
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("watchEntityChanges", () => {
  it("delivers changes, reconnects with Last-Event-ID and says when it did", async () => {
    const controller = new AbortController();
    const calls: Record<string, string>[] = [];
    const changes: EntityChange[] = [];
    const ready: boolean[] = [];
    const answers = [
      () => new Response(streamOf(['event: ready\ndata: {}\n\nid: 7\nevent: create\ndata: {"id":"r1"}\n\n'])),
      () => new Response(null, { status: 503 }),
      () =>
        new Response(
          streamOf(['event: ready\ndata: {}\n\nid: 8\nevent: update\ndata: {"id":"r1","n":2}\n\n']),
        ),
    ];
    const done = watchEntityChanges({
      url: "/api/apps/a/entities/Task/records/subscribe",
      getToken: () => "tok",
      signal: controller.signal,
      retryMs: 1,
      fetch: async (_url, init) => {
        calls.push({ ...(init?.headers as Record<string, string>) });
        return answers[calls.length - 1]!();
      },
      onReady: ({ reconnected }) => ready.push(reconnected),
      onChange: (change) => {
        changes.push(change);
        if (changes.length === 2) controller.abort();
      },
    });
    await done;
    expect(changes.map((c) => [c.type, c.id])).toEqual([
      ["create", "r1"],
      ["update", "r1"],
    ]);
    expect(ready).toEqual([false, true]);
    expect(calls[0]).toEqual({ Accept: "text/event-stream", Authorization: "Bearer tok" });
    expect(calls[1]!["Last-Event-ID"]).toBe("7");
    expect(calls[2]!["Last-Event-ID"]).toBe("7");
  });

  it("stops for good on a refusal", async () => {
    let calls = 0;
    await watchEntityChanges({
      url: "/x",
      getToken: () => null,
      signal: new AbortController().signal,
      retryMs: 1,
      fetch: async () => {
        calls++;
        return new Response("{}", { status: 404 });
      },
      onChange: () => {},
    });
    expect(calls).toBe(1);
  });

  it("ignores events that are not row changes", async () => {
    const controller = new AbortController();
    const changes: EntityChange[] = [];
    let calls = 0;
    await watchEntityChanges({
      url: "/x",
      getToken: () => null,
      signal: controller.signal,
      retryMs: 1,
      fetch: async () => {
        calls++;
        if (calls > 1) controller.abort();
        return new Response(
          streamOf([
            'event: other\ndata: {"id":"x"}\n\nevent: create\ndata: not json\n\nevent: create\ndata: {"id":"ok"}\n\n',
          ]),
        );
      },
      onChange: (change) => changes.push(change),
    });
    expect(changes.map((c) => c.id)).toEqual(["ok"]);
  });
});
