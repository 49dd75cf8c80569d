import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractDoc } from "./extract-doc.ts";
import { readFixture } from "./fixtures/read-fixture.ts";

const unreadable = { code: "UNPROCESSABLE", message: DATA_SOURCE_MESSAGES.unreadableFile("DOC") };

describe("extractDoc", () => {
  it("reads a Word 97 file written by LibreOffice, paragraphs apart by a blank line", async () => {
    const bytes = readFixture("sample.doc");
    expect(await extractDoc(bytes)).toEqual({
      title: null,
      sections: [
        {
          text: "The quick brown fox jumps over the lazy dog.\n\nAda Lovelace wrote the first program in 1843. Café prices rose by 5%.\n\nThe second page talks about orbital mechanics.",
          locator: null,
        },
      ],
      bytes: bytes.byteLength,
    });
  });

  it("refuses a truncated DOC, garbage behind an OLE2 signature, and a DOCX", async () => {
    const whole = readFixture("sample.doc");
    const garbage = new Uint8Array(4096).fill(0x41);
    garbage.set(whole.subarray(0, 8));
    for (const bytes of [whole.subarray(0, 1500), garbage, readFixture("sample.docx")]) {
      const error = await extractDoc(bytes).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(unreadable);
    }
  });
});
