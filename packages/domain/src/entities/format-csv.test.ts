import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCsvParser } from "./create-csv-parser.ts";
import { formatCsv } from "./format-csv.ts";

function readBack(text: string): string[][] {
  const parser = createCsvParser();
  const rows = parser.push(text).concat(parser.end());
  return [parser.headers ?? [], ...rows];
}

describe("formatCsv", () => {
  it("quotes only fields with a comma, a quote or a line break, and ends lines with CRLF", () => {
    expect(
      formatCsv([
        ["title", "note"],
        ["plain", 'say "hi"'],
        ["a,b", "two\nlines"],
        ['5" screen', ""],
      ]),
    ).toBe('title,note\r\nplain,"say ""hi"""\r\n"a,b","two\nlines"\r\n"5"" screen",\r\n');
    expect(formatCsv([])).toBe("");
  });

  it("writes tables that the import's parser reads back as they were", () => {
    // Values as the parser gives them: trimmed, no NUL; a row of only empty values is
    // skipped by the parser, so every row here has a first value.
    const value = fc
      .string({ unit: "grapheme", maxLength: 12 })
      .map((text) => text.replaceAll("\u0000", "").trim());
    const table = fc.integer({ min: 1, max: 4 }).chain((width) =>
      fc.array(
        fc.tuple(
          value.filter((text) => text !== ""),
          fc.array(value, { minLength: width - 1, maxLength: width - 1 }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    );
    fc.assert(
      fc.property(table, (pairs) => {
        const rows = pairs.map(([first, rest]) => [first, ...rest]);
        expect(readBack(formatCsv(rows))).toEqual(rows);
      }),
    );
  });
});
