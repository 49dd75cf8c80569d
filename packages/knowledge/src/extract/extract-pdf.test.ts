import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractPdf } from "./extract-pdf.ts";
import { buildPdf } from "./fixtures/build-pdf.ts";
import { readFixture } from "./fixtures/read-fixture.ts";

const unreadable = new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("PDF"));

describe("extractPdf", () => {
  it("reads a hand-written two-page PDF, one section per page", async () => {
    const bytes = buildPdf({
      title: "Field Notes",
      pages: [
        ["The first   page has a sentence.", "And a second line."],
        ["Page two mentions Ada Lovelace."],
      ],
    });
    const document = await extractPdf(bytes);
    expect(document).toEqual({
      title: "Field Notes",
      sections: [
        { text: "The first page has a sentence.\nAnd a second line.", locator: "page 1" },
        { text: "Page two mentions Ada Lovelace.", locator: "page 2" },
      ],
      bytes: bytes.byteLength,
    });
  });

  it("reads a PDF written by LibreOffice (compressed streams, embedded fonts)", async () => {
    const document = await extractPdf(readFixture("sample.pdf"));
    expect(document.title).toBe("Liftoff Sample Document");
    expect(document.sections).toEqual([
      {
        text: "The quick brown fox jumps over the lazy dog.\nAda Lovelace wrote the first program in 1843. Café prices rose by 5%.",
        locator: "page 1",
      },
      { text: "The second page talks about orbital mechanics.", locator: "page 2" },
    ]);
  });

  it("leaves out pages without text and keeps the page numbers of the others", async () => {
    const document = await extractPdf(buildPdf({ pages: ["image", ["Only the second page has words."]] }));
    expect(document.title).toBeNull();
    expect(document.sections).toEqual([{ text: "Only the second page has words.", locator: "page 2" }]);
  });

  it("says a PDF of images only is a scan", async () => {
    await expect(extractPdf(buildPdf({ pages: ["image", "image"] }))).rejects.toEqual(
      new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.scannedPdf),
    );
  });

  it("refuses a truncated PDF, garbage and an empty file as unreadable", async () => {
    const whole = readFixture("sample.pdf");
    for (const bytes of [
      whole.subarray(0, 400),
      new TextEncoder().encode("%PDF-1.7\nnot really"),
      new Uint8Array(),
    ]) {
      const error = await extractPdf(bytes).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: unreadable.code, message: unreadable.message });
    }
  });

  it("leaves the caller's bytes intact (pdf.js detaches the buffer it reads)", async () => {
    const bytes = buildPdf({ pages: [["Still here."]] });
    const copy = bytes.slice();
    await extractPdf(bytes);
    expect(bytes).toEqual(copy);
  });
});
