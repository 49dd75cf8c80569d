import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseParser, type SseEvent } from "./create-sse-parser.ts";

function parse(chunks: string[]): { events: SseEvent[]; retries: number[]; lastId: string | undefined } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries, lastId: parser.lastEventId() };
}

// A stream that uses every feature: comments, retry, multi-line data, ids, all three
// line endings, a field without colon, an event without data, an unknown field.
const STREAM = [
  ": connected\n",
  "retry: 1500\n",
  "\n",
  "id: 1\r\n",
  "event: create\r\n",
  'data: {"id":"a",\r\n',
  'data: "title":"x"}\r\n',
  "\r\n",
  "id: 2\r",
  "event: update\r",
  "data:no space\r",
  "data:  two spaces\r",
  "\r",
  ": keep-alive\n\n",
  "event: delete\n",
  "data\n",
  "\n",
  "event: lonely\n",
  "\n",
  "unknown: field\n",
  "id: 3\n",
  "data: last\n",
  "\n",
].join("");

const EXPECTED: SseEvent[] = [
  { type: "create", data: '{"id":"a",\n"title":"x"}', id: "1" },
  { type: "update", data: "no space\n two spaces", id: "2" },
  // An id persists until changed, as in EventSource's lastEventId.
  { type: "delete", data: "", id: "2" },
  { type: "message", data: "last", id: "3" },
];

describe("createSseParser", () => {
  it("parses a whole stream in one chunk", () => {
    const result = parse([STREAM]);
    expect(result.events).toEqual(EXPECTED);
    expect(result.retries).toEqual([1500]);
    expect(result.lastId).toBe("3");
  });

  it("gives the same events when the stream is split in two at every position", () => {
    for (let i = 0; i <= STREAM.length; i++) {
      expect(parse([STREAM.slice(0, i), STREAM.slice(i)]).events, `split at ${i}`).toEqual(EXPECTED);
    }
  });

  it("gives the same events when the stream arrives one character at a time", () => {
    expect(parse([...STREAM]).events).toEqual(EXPECTED);
  });

  it("gives the same events for any split into any number of chunks", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), STREAM.length];
        const chunks = points.slice(1).map((end, i) => STREAM.slice(points[i], end));
        expect(parse(chunks).events).toEqual(EXPECTED);
      }),
    );
  });

  it("does not read CR then LF in separate chunks as two line breaks", () => {
    const { events } = parse(["data: a\r", "\ndata: b\r", "\n\r", "\n"]);
    expect(events).toEqual([{ type: "message", data: "a\nb", id: undefined }]);
  });

  it("ignores empty chunks between a CR and its LF", () => {
    const { events } = parse(["data: a\r", "", "\n", "\n"]);
    expect(events).toEqual([{ type: "message", data: "a", id: undefined }]);
  });

  it("keeps colons after the first one in the value", () => {
    expect(parse(["data: a: b:c\n\n"]).events[0]?.data).toBe("a: b:c");
  });

  it("skips comments, including ones between the lines of an event", () => {
    expect(parse([":x\ndata: 1\n: ping\ndata: 2\n\n"]).events).toEqual([
      { type: "message", data: "1\n2", id: undefined },
    ]);
  });

  it("does not dispatch an event without data lines", () => {
    expect(parse(["event: update\nid: 9\n\n"]).events).toEqual([]);
  });

  it("still takes the id of an event without data (for resuming)", () => {
    expect(parse(["id: 9\n\n"]).lastId).toBe("9");
  });

  it("resets the event type after each event", () => {
    const { events } = parse(["event: create\ndata: 1\n\ndata: 2\n\n"]);
    expect(events.map((e) => e.type)).toEqual(["create", "message"]);
  });

  it("drops an event the stream ended in the middle of", () => {
    expect(parse(["data: 1\n\ndata: half"]).events).toEqual([{ type: "message", data: "1", id: undefined }]);
    expect(parse(["data: 1\n\ndata: half\n"]).events).toHaveLength(1);
  });

  it("ignores an id containing NUL", () => {
    expect(parse(["id: 1\n\nid: 2\u00003\ndata: x\n\n"]).events[0]?.id).toBe("1");
  });

  it("accepts an empty id, which clears the last event id", () => {
    expect(parse(["id: 1\ndata: a\n\nid\ndata: b\n\n"]).events.map((e) => e.id)).toEqual(["1", ""]);
  });

  it("reads retry only when it is all digits", () => {
    expect(parse(["retry: 10\nretry: 1e3\nretry: -5\nretry:20\n\n"]).retries).toEqual([10, 20]);
  });

  it("strips a leading byte order mark, only at the very start", () => {
    expect(parse(["\uFEFFdata: a\n\n"]).events[0]?.data).toBe("a");
    expect(parse(["\uFEFF", "data: a\n\n"]).events[0]?.data).toBe("a");
    expect(parse(["data: \uFEFFa\n\n"]).events[0]?.data).toBe("\uFEFFa");
  });

  it("keeps multi-byte text intact (decoding is the caller's, but the parser must not split it)", () => {
    expect(parse(['data: {"t":"héllo ✓ 🚀"}\n\n']).events[0]?.data).toBe('{"t":"héllo ✓ 🚀"}');
  });

  it("handles a line much longer than any chunk", () => {
    const long = "x".repeat(100_000);
    const text = `data: ${long}\n\n`;
    const chunks = text.match(/[\s\S]{1,997}/g)!;
    expect(parse(chunks).events[0]?.data).toBe(long);
  });
});
