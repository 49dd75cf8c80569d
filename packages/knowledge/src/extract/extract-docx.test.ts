import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractDocx } from "./extract-docx.ts";
import { EXTRACT_LIMITS } from "./extract-limits.ts";
import { buildDocx } from "./fixtures/build-docx.ts";
import { readFixture } from "./fixtures/read-fixture.ts";

const unreadable = { code: "UNPROCESSABLE", message: DATA_SOURCE_MESSAGES.unreadableFile("DOCX") };

describe("extractDocx", () => {
  it("reads a DOCX written by LibreOffice as one section with blank lines between paragraphs", async () => {
    const bytes = readFixture("sample.docx");
    expect(await extractDocx(bytes)).toEqual({
      title: "Liftoff Sample Document",
      sections: [
        {
          text: "The quick brown fox jumps over the lazy dog.\n\nAda Lovelace wrote the first program in 1843. Café prices rose by 5%.\n\nThe second page talks about orbital mechanics.",
          locator: null,
        },
      ],
      bytes: bytes.byteLength,
    });
  });

  it("reads a DOCX built in memory, its title's entities decoded and spaces collapsed", async () => {
    const document = await extractDocx(
      buildDocx({ title: "Q&A  <draft>", paragraphs: ["First   paragraph.", "Second\tone."] }),
    );
    expect(document.title).toBe("Q&A <draft>");
    expect(document.sections).toEqual([{ text: "First paragraph.\n\nSecond one.", locator: null }]);
  });

  it("refuses a zip bomb before it is inflated in full", async () => {
    const bomb = buildDocx({ paragraphs: ["Boom"], padding: EXTRACT_LIMITS.docxMaxXmlBytes + 1024 });
    expect(bomb.byteLength).toBeLessThan(200_000);
    await expect(extractDocx(bomb)).rejects.toMatchObject(unreadable);
  });

  it("refuses a truncated DOCX, a zip without a document and garbage", async () => {
    const whole = readFixture("sample.docx");
    const notWord = buildDocx({ paragraphs: ["x"] });
    // Renaming the document part leaves a valid zip that mammoth cannot read.
    const renamed = Buffer.from(notWord);
    let at = renamed.indexOf("word/document.xml");
    while (at !== -1) {
      renamed.write("word/documenX.xml", at, "latin1");
      at = renamed.indexOf("word/document.xml");
    }
    for (const bytes of [
      whole.subarray(0, 2000),
      new Uint8Array(renamed),
      new TextEncoder().encode("PK nonsense"),
    ]) {
      const error = await extractDocx(bytes).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(unreadable);
    }
  });
});
