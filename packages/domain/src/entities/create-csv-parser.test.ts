import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { CSV_BAD_RECORDS_KEPT, type CsvBadRecord, createCsvParser } from "./create-csv-parser.ts";

type Outcome =
  | {
      headers: string[] | null;
      rows: string[][];
      rowLines: number[];
      badRecords: CsvBadRecord[];
      badRecordCount: number;
    }
  | { error: string };

/** Feeds the chunks one by one and collects everything the parser reports. */
function parseChunks(chunks: readonly string[]): Outcome {
  const parser = createCsvParser();
  const rows: string[][] = [];
  const rowLines: number[] = [];
  try {
    for (const chunk of [...chunks, null]) {
      for (const row of chunk === null ? parser.end() : parser.push(chunk)) rows.push(row);
      for (const line of parser.rowLines) rowLines.push(line);
    }
  } catch (error) {
    return { error: error instanceof AppError ? `${error.code}: ${error.message}` : String(error) };
  }
  expect(parser.rowCount).toBe(rows.length);
  return {
    headers: parser.headers,
    rows,
    rowLines,
    badRecords: [...parser.badRecords],
    badRecordCount: parser.badRecordCount,
  };
}

const parse = (text: string) => parseChunks([text]);

const PARSE_FAILED = "BAD_REQUEST: Failed to parse CSV file. Please check the format.";

describe("createCsvParser", () => {
  it.each<[string, string, string[] | null, string[][]]>([
    [
      "a header and rows",
      "a,b\n1,2\n3,4\n",
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    ],
    ["no final line break", "a,b\n1,2", ["a", "b"], [["1", "2"]]],
    [
      "CRLF line breaks",
      "a,b\r\n1,2\r\n3,4\r\n",
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    ],
    [
      "lone CR line breaks",
      "a,b\r1,2\r3,4",
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    ],
    [
      "mixed line breaks",
      "a,b\r\n1,2\n3,4\r5,6",
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
        ["5", "6"],
      ],
    ],
    ["a byte-order mark", "\uFEFFa,b\n1,2", ["a", "b"], [["1", "2"]]],
    ["a single column", "name\nAda\nGrace", ["name"], [["Ada"], ["Grace"]]],
    ["empty values", "a,b,c\n,2,\n", ["a", "b", "c"], [["", "2", ""]]],
    ["values trimmed", " a , b \n  1  ,\t2\t\n", ["a", "b"], [["1", "2"]]],
    ["a quoted comma", 'a,b\n"x,y",2', ["a", "b"], [["x,y", "2"]]],
    ["an escaped quote", 'a,b\n"say ""hi""",2', ["a", "b"], [['say "hi"', "2"]]],
    ["only an escaped quote", 'a\n""""', ["a"], [['"']]],
    ["a quoted line break", 'a,b\n"line 1\nline 2",2', ["a", "b"], [["line 1\nline 2", "2"]]],
    [
      "a quoted CRLF, kept as written",
      'a,b\r\n"line 1\r\nline 2",2\r\n',
      ["a", "b"],
      [["line 1\r\nline 2", "2"]],
    ],
    ["blanks around quotes", 'a,b\n  "x" ,  "y"  \n', ["a", "b"], [["x", "y"]]],
    ["blanks inside quotes trimmed too", 'a\n"  x  "', ["a"], [["x"]]],
    ["a quoted empty value", 'a,b\n"",2', ["a", "b"], [["", "2"]]],
    ["a quote inside an unquoted value kept as text", 'a,b\n5" screen,2', ["a", "b"], [['5" screen', "2"]]],
    [
      "quoted headers",
      '"first name","last, name"\nAda,Lovelace',
      ["first name", "last, name"],
      [["Ada", "Lovelace"]],
    ],
    [
      "empty lines skipped",
      "\n\na,b\n\n1,2\n\n\n3,4\n\n",
      ["a", "b"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    ],
    ["blank lines skipped", "a,b\n   \n\t\n1,2", ["a", "b"], [["1", "2"]]],
    ["rows of only commas skipped", "a,b\n,\n1,2\n , \n", ["a", "b"], [["1", "2"]]],
    ["a quoted empty line skipped", 'a\n""\nx', ["a"], [["x"]]],
    ["a header only", "a,b\n", ["a", "b"], []],
    ["nothing", "", null, []],
    ["only line breaks and blanks", "\n \r\n\t\n", null, []],
    ["only a byte-order mark", "\uFEFF", null, []],
    ["unicode values", "名前,emoji\n太郎,😀", ["名前", "emoji"], [["太郎", "😀"]]],
    ["a BOM later in the text kept (only a leading one is dropped)", "a\n\uFEFFx", ["a"], [["x"]]],
  ])("reads %s", (_label, text, headers, rows) => {
    expect(parse(text)).toMatchObject({ headers, rows, badRecords: [], badRecordCount: 0 });
  });

  it("keeps a trailing empty field of the last line", () => {
    expect(parse("a,b\n1,")).toMatchObject({ rows: [["1", ""]] });
  });

  describe("bad records", () => {
    it.each<[string, string, string[][], CsvBadRecord[]]>([
      [
        "too few fields",
        "a,b,c\n1,2,3\n4,5\n6,7,8",
        [
          ["1", "2", "3"],
          ["6", "7", "8"],
        ],
        [{ line: 3, reason: "Expected 3 fields but found 2", values: ["4", "5"] }],
      ],
      [
        "too many fields",
        "a,b\n1,2,3\n4,5",
        [["4", "5"]],
        [{ line: 2, reason: "Expected 2 fields but found 3", values: ["1", "2", "3"] }],
      ],
      [
        "a trailing comma",
        "a,b\n1,2,\n",
        [],
        [{ line: 2, reason: "Expected 2 fields but found 3", values: ["1", "2", ""] }],
      ],
      [
        "text after a closing quote",
        'a,b\n"x"y,2\n3,4',
        [["3", "4"]],
        [{ line: 2, reason: "Unexpected text after a closing quote", values: ["xy", "2"] }],
      ],
      [
        "a quote left open at the end",
        'a,b\n1,2\n"open,3\n4,5\n',
        [["1", "2"]],
        [{ line: 3, reason: "A quoted field is never closed", values: ["open,3\n4,5"] }],
      ],
      [
        "several, with lines counted across quoted line breaks and skipped lines",
        'a,b\n"multi\nline",1\n\nbad\r\n"x\r\ny",2\r\nalso,bad,here\n5,6',
        [
          ["multi\nline", "1"],
          ["x\r\ny", "2"],
          ["5", "6"],
        ],
        [
          { line: 5, reason: "Expected 2 fields but found 1", values: ["bad"] },
          { line: 8, reason: "Expected 2 fields but found 3", values: ["also", "bad", "here"] },
        ],
      ],
    ])("skips and reports %s", (_label, text, rows, badRecords) => {
      expect(parse(text)).toMatchObject({ rows, badRecords, badRecordCount: badRecords.length });
    });

    it(`keeps the first ${CSV_BAD_RECORDS_KEPT} bad records and counts them all`, () => {
      const text = `a,b\n${"x\n".repeat(250)}1,2\n`;
      const outcome = parse(text);
      if ("error" in outcome) throw new Error(outcome.error);
      expect(outcome.badRecordCount).toBe(250);
      expect(outcome.badRecords).toHaveLength(CSV_BAD_RECORDS_KEPT);
      expect(outcome.badRecords[0]).toEqual({
        line: 2,
        reason: "Expected 2 fields but found 1",
        values: ["x"],
      });
      expect(outcome.badRecords.at(-1)?.line).toBe(CSV_BAD_RECORDS_KEPT + 1);
      expect(outcome.rows).toEqual([["1", "2"]]);
    });

    it("keeps as many bad records as asked (the wizard keeps them all, to list them)", () => {
      const parser = createCsvParser({ badRecordsKept: Number.POSITIVE_INFINITY });
      parser.push(`a,b\n${"x\n".repeat(250)}`);
      parser.end();
      expect(parser.badRecords).toHaveLength(250);
      expect(parser.badRecords.at(-1)).toEqual({
        line: 251,
        reason: "Expected 2 fields but found 1",
        values: ["x"],
      });
    });
  });

  describe("rowLines", () => {
    it("gives each row's start line", () => {
      expect(parse('h\n\n"a\nb"\nc\r\n\r\nd')).toMatchObject({
        rows: [["a\nb"], ["c"], ["d"]],
        rowLines: [3, 5, 7],
      });
    });

    it("holds the lines of the latest call only", () => {
      const parser = createCsvParser();
      expect(parser.push("h\n1\n2")).toEqual([["1"]]);
      expect(parser.rowLines).toEqual([2]);
      expect(parser.end()).toEqual([["2"]]);
      expect(parser.rowLines).toEqual([3]);
    });
  });

  describe("refusals", () => {
    it.each<[string, string]>([
      ["a NUL character", "a,b\n1,\u00002\n"],
      ["binary junk", "\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR"],
      ["a header with text after a closing quote", '"a"x,b\n1,2'],
      ["a header whose quote is never closed", '"a,b\n1,2'],
    ])("refuses %s with the spec's message", (_label, text) => {
      expect(parse(text)).toEqual({ error: PARSE_FAILED });
    });

    it("refuses every later call once it has failed", () => {
      const parser = createCsvParser();
      expect(parser.push("a,b\n1,2\n")).toEqual([["1", "2"]]);
      expect(() => parser.push("3,\u0000")).toThrow("Failed to parse CSV file. Please check the format.");
      expect(() => parser.push("4,5\n")).toThrow(AppError);
      expect(() => parser.end()).toThrow(AppError);
    });
  });

  describe("chunks", () => {
    it("joins a CRLF split between chunks", () => {
      expect(parseChunks(["a,b\r", "\n1,2\r", "\n3,4"])).toMatchObject({
        rows: [
          ["1", "2"],
          ["3", "4"],
        ],
        rowLines: [2, 3],
      });
    });

    it("joins an escaped quote split between chunks", () => {
      expect(parseChunks(['a\n"x"', '"y"'])).toMatchObject({ rows: [['x"y']] });
    });

    it("drops a BOM only at the very start, even after empty chunks", () => {
      expect(parseChunks(["", "\uFEFFa", "\n1"])).toMatchObject({ headers: ["a"], rows: [["1"]] });
    });

    it("streams a large file in small pieces with the same result", () => {
      const lines = Array.from(
        { length: 2_000 },
        (_, i) => `${i},"name ${i}, with comma","multi\nline ${i}"`,
      );
      const text = `id,name,notes\n${lines.join("\r\n")}\r\n`;
      const whole = parse(text);
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += 7) pieces.push(text.slice(i, i + 7));
      expect(parseChunks(pieces)).toEqual(whole);
      expect("rows" in whole && whole.rows.length).toBe(2_000);
      expect("rows" in whole && whole.rowLines[1_999]).toBe(2 + 1_999 * 2);
    });
  });
});

// ---------------------------------------------------------------------------------------
// Properties

/** Cuts text at random points into chunks (empty chunks included). */
function chunksArb(text: string): fc.Arbitrary<string[]> {
  return fc.uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 12 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), text.length];
    return points.slice(1).map((end, index) => text.slice(points[index], end));
  });
}

const cellArb = fc
  .array(fc.constantFrom("a", "Z", "1", " ", ",", '"', "\n", "\r\n", "\r", "é", "😀", "\t", "x y"), {
    maxLength: 6,
  })
  .map((parts) => parts.join("").trim());

type Table = { width: number; header: string[]; rows: string[][] };

const tableArb: fc.Arbitrary<Table> = fc.integer({ min: 1, max: 5 }).chain((width) => {
  const lineArb = fc
    .array(cellArb, { minLength: width, maxLength: width })
    .filter((cells) => cells.some((c) => c !== ""));
  return fc.record({ width: fc.constant(width), header: lineArb, rows: fc.array(lineArb, { maxLength: 8 }) });
});

type Serialised = { text: string; rowLines: number[] };

/** Writes the table as CSV with random quoting, line breaks, BOM and final line break. */
const serialisedArb = (table: Table): fc.Arbitrary<Serialised> =>
  fc
    .record({
      quoteAll: fc.array(fc.boolean(), {
        minLength: (table.rows.length + 1) * table.width,
        maxLength: (table.rows.length + 1) * table.width,
      }),
      breaks: fc.array(fc.constantFrom("\n", "\r\n", "\r"), {
        minLength: table.rows.length + 1,
        maxLength: table.rows.length + 1,
      }),
      bom: fc.boolean(),
      finalBreak: fc.boolean(),
    })
    .map(({ quoteAll, breaks, bom, finalBreak }) => {
      let text = bom ? "\uFEFF" : "";
      let line = 1;
      const rowLines: number[] = [];
      [table.header, ...table.rows].forEach((cells, rowIndex) => {
        if (rowIndex > 0) rowLines.push(line);
        const written = cells
          .map((cell, cellIndex) => {
            const mustQuote = /[,\r\n]/.test(cell) || cell.startsWith('"');
            return mustQuote || quoteAll[rowIndex * table.width + cellIndex]
              ? `"${cell.replaceAll('"', '""')}"`
              : cell;
          })
          .join(",");
        const isLast = rowIndex === table.rows.length;
        const lineBreak = isLast && !finalBreak ? "" : breaks[rowIndex]!;
        const record = written + lineBreak;
        text += record;
        line += (record.match(/\r\n|\r|\n/g) ?? []).length;
      });
      return { text, rowLines };
    });

describe("createCsvParser properties", () => {
  it("reads back any table written as CSV, however the text is cut into chunks", () => {
    fc.assert(
      fc.property(
        tableArb.chain((table) =>
          serialisedArb(table).chain((serialised) =>
            fc.tuple(fc.constant(table), fc.constant(serialised), chunksArb(serialised.text)),
          ),
        ),
        ([table, serialised, chunks]) => {
          expect(parseChunks(chunks)).toEqual({
            headers: table.header,
            rows: table.rows,
            rowLines: serialised.rowLines,
            badRecords: [],
            badRecordCount: 0,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives the same outcome for any text whole or in chunks, junk included", () => {
    const junkArb = fc
      .array(fc.constantFrom("a", "b", ",", ",", '"', '"', "\n", "\r", "\r\n", " ", "\uFEFF", "\u0000"), {
        maxLength: 60,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        junkArb.chain((text) => fc.tuple(fc.constant(text), chunksArb(text))),
        ([text, chunks]) => {
          expect(parseChunks(chunks)).toEqual(parse(text));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("never returns a row of the wrong width", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", " ") }), (text) => {
        const outcome = parse(text);
        if ("error" in outcome) return;
        for (const row of outcome.rows) expect(row).toHaveLength(outcome.headers?.length ?? -1);
      }),
    );
  });
});
