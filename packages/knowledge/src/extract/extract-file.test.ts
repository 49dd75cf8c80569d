import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractFile } from "./extract-file.ts";
import { buildPdf } from "./fixtures/build-pdf.ts";
import { readFixture } from "./fixtures/read-fixture.ts";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const failure = (promise: Promise<unknown>): Promise<unknown> => promise.catch((error: unknown) => error);

describe("extractFile", () => {
  it("picks the extractor by the bytes, whatever the name and type claim", async () => {
    const cases = [
      { fixture: "sample.pdf", type: "pdf" },
      { fixture: "sample.docx", type: "doc" },
      { fixture: "sample.doc", type: "doc" },
    ] as const;
    for (const { fixture, type } of cases) {
      const result = await extractFile({
        bytes: readFixture(fixture),
        fileName: "upload.bin",
        mimeType: null,
      });
      expect(result.type).toBe(type);
      expect(result.document.sections.map((section) => section.text).join("\n")).toContain(
        "orbital mechanics",
      );
    }
  });

  it("reads CSV and text by extension or type", async () => {
    const csv = await extractFile({
      bytes: encode("a,b\n1,2\n"),
      fileName: "data.CSV",
      mimeType: "application/vnd.ms-excel",
    });
    expect(csv.type).toBe("csv");
    expect(csv.document.sections.at(-1)).toEqual({ text: "a: 1\nb: 2", locator: "row 2" });
    const text = await extractFile({
      bytes: encode("Hello"),
      fileName: "notes",
      mimeType: "text/plain; charset=utf-8",
    });
    expect(text).toEqual({
      type: "txt",
      document: { title: null, sections: [{ text: "Hello", locator: null }], bytes: 5 },
    });
  });

  it("refuses formats it does not read", async () => {
    const unsupported = new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.unsupportedFile);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const xls = readFixture("sample.doc").slice(0, 512);
    for (const upload of [
      { bytes: png, fileName: "photo.png", mimeType: "image/png" },
      { bytes: encode("PK\u0003\u0004 not word"), fileName: "archive.zip", mimeType: "application/zip" },
      { bytes: xls, fileName: "sheet.xls", mimeType: "application/vnd.ms-excel" },
      { bytes: encode("{}"), fileName: "data.json", mimeType: "application/json" },
    ]) {
      expect(await failure(extractFile(upload))).toEqual(unsupported);
    }
  });

  it("gives each damaged file the error of its kind", async () => {
    const truncated = [
      { fixture: "sample.pdf", name: "a.pdf", message: DATA_SOURCE_MESSAGES.unreadableFile("PDF") },
      { fixture: "sample.docx", name: "a.docx", message: DATA_SOURCE_MESSAGES.unreadableFile("DOCX") },
      { fixture: "sample.doc", name: "a.doc", message: DATA_SOURCE_MESSAGES.unreadableFile("DOC") },
    ];
    for (const { fixture, name, message } of truncated) {
      const bytes = readFixture(fixture).slice(0, 600);
      expect(await failure(extractFile({ bytes, fileName: name, mimeType: null }))).toMatchObject({
        code: "UNPROCESSABLE",
        message,
      });
    }
    expect(
      await failure(extractFile({ bytes: encode("\u0000\u0001"), fileName: "a.csv", mimeType: null })),
    ).toEqual(new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.csvRejected));
  });

  it("refuses a file without text: empty, or a scanned PDF", async () => {
    expect(
      await failure(extractFile({ bytes: encode(" \n\n "), fileName: "a.txt", mimeType: null })),
    ).toEqual(new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.emptyDocument));
    const scan = buildPdf({ pages: ["image"] });
    expect(
      await failure(extractFile({ bytes: scan, fileName: "scan.pdf", mimeType: "application/pdf" })),
    ).toEqual(new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.scannedPdf));
  });
});
