import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonCell } from "./parse-json-cell.ts";

describe("parseJsonCell", () => {
  it.each<[string, unknown]>([
    ['{"a":1}', { a: 1 }],
    ["[1, 2]", [1, 2]],
    ['"text"', "text"],
    ["42", 42],
    ["true", true],
    ["null", null],
    ['  { "a" : [ ] }  ', { a: [] }],
  ])("reads %j", (text, value) => {
    expect(parseJsonCell(text)).toEqual({ ok: true, value });
  });

  it.each(["", "   ", "\n\t"])("saves null for empty text %j", (text) => {
    expect(parseJsonCell(text)).toEqual({ ok: true, value: null });
  });

  it.each(["{a:1}", "{", "[1,]", "'x'", "undefined", "text"])("gives the parser's message for %j", (text) => {
    let parserMessage = "";
    try {
      JSON.parse(text);
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(parseJsonCell(text)).toEqual({ ok: false, message: `Invalid JSON: ${parserMessage}` });
  });

  it("reads back any JSON value it is given as text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseJsonCell(JSON.stringify(value, null, 2));
        expect(result).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
    );
  });
});
