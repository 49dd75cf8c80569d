import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractCsv } from "./extract-csv.ts";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const rejected = new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.csvRejected);

describe("extractCsv", () => {
  it("gives the columns, then one section per row of header: value lines, located by line", async () => {
    const csv =
      '\ufeffname, age ,city\r\nAda,36,London\r\n"Hopper, Grace",85,\r\n\r\nbad,row\r\n"Alan\r\nTuring",41,"Wilmslow"\r\n';
    const bytes = encode(csv);
    expect(await extractCsv(bytes)).toEqual({
      title: null,
      sections: [
        { text: "Columns: name, age, city", locator: "header row" },
        { text: "name: Ada\nage: 36\ncity: London", locator: "row 2" },
        { text: "name: Hopper, Grace\nage: 85", locator: "row 3" },
        { text: "name: Alan Turing\nage: 41\ncity: Wilmslow", locator: "row 6" },
      ],
      bytes: bytes.byteLength,
    });
  });

  it("names an empty header after its column", async () => {
    const document = await extractCsv(encode("id,\n1,x\n"));
    expect(document.sections[1]).toEqual({ text: "id: 1\ncolumn 2: x", locator: "row 2" });
  });

  it("reads a file larger than one parser chunk", async () => {
    const rows = Array.from({ length: 40_000 }, (_, index) => `${index},${"word ".repeat(6)}`);
    const document = await extractCsv(encode(`n,text\n${rows.join("\n")}\n`));
    expect(document.sections).toHaveLength(40_001);
    expect(document.sections.at(-1)).toEqual({
      text: "n: 39999\ntext: word word word word word word",
      locator: "row 40001",
    });
  });

  it("refuses a file with no rows, no header, no valid row, or binary content", async () => {
    for (const text of ["", "name,age\n", "\n\n", "a,b\n1\n2,3,4\n", 'a,"b\n1,2\n', "a,b\n1,\u00002\n"]) {
      await expect(extractCsv(encode(text))).rejects.toEqual(rejected);
    }
  });
});
