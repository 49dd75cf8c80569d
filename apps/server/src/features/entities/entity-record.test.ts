import { describe, expect, it } from "vitest";
import { recordJsonText, utcTextToIso } from "./entity-record.ts";

describe("utcTextToIso", () => {
  it("gives toISOString()'s form, truncating microseconds", () => {
    expect(utcTextToIso("2026-11-25 00:25:42.714343")).toBe("2026-11-25T00:25:42.714Z");
    expect(utcTextToIso("2026-11-25 00:25:42.714999")).toBe("2026-11-25T00:25:42.714Z");
  });

  it("pads a short or missing fraction", () => {
    expect(utcTextToIso("2026-01-02 03:04:05.7")).toBe("2026-01-02T03:04:05.700Z");
    expect(utcTextToIso("2026-01-02 03:04:05")).toBe("2026-01-02T03:04:05.000Z");
    expect(new Date(utcTextToIso("2026-01-02 03:04:05.12")).toISOString()).toBe("2026-01-02T03:04:05.120Z");
  });

  it("refuses text in another DateStyle instead of guessing", () => {
    expect(() => utcTextToIso("01/02/2026 03:04:05")).toThrow(/Unexpected timestamp text/);
  });
});

describe("recordJsonText", () => {
  const builtIns = {
    id: "r1",
    createdAt: "2026-11-25 00:25:42.1",
    updatedAt: "2026-11-25 00:26:00",
    creatorId: null,
  };

  it("joins the stored fields and the built-in ones into one JSON object", () => {
    const text = recordJsonText({ data: '{"done": true, "title": "Say \\"hi\\""}', ...builtIns });
    expect(JSON.parse(text)).toEqual({
      done: true,
      title: 'Say "hi"',
      id: "r1",
      createdAt: "2026-11-25T00:25:42.100Z",
      updatedAt: "2026-11-25T00:26:00.000Z",
      creatorId: null,
    });
  });

  it("handles a row without stored fields and escapes ids", () => {
    const text = recordJsonText({ data: "{}", ...builtIns, id: 'a"b', creatorId: "u\\1" });
    expect(JSON.parse(text)).toEqual({
      id: 'a"b',
      createdAt: "2026-11-25T00:25:42.100Z",
      updatedAt: "2026-11-25T00:26:00.000Z",
      creatorId: "u\\1",
    });
  });

  it("keeps nested objects whole", () => {
    const text = recordJsonText({ data: '{"meta": {"a": {"b": 1}}}', ...builtIns });
    expect(JSON.parse(text).meta).toEqual({ a: { b: 1 } });
  });
});
