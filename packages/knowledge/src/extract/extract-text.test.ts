import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { extractText } from "./extract-text.ts";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("extractText", () => {
  it("reads UTF-8 with a BOM and CRLF line ends as one tidy section", () => {
    const bytes = encode(
      "\ufeffTitle line\r\n\r\n\r\n\r\nFirst   paragraph,\twith tabs.\r\nSecond line  \r\n",
    );
    expect(extractText(bytes)).toEqual({
      title: null,
      sections: [{ text: "Title line\n\nFirst paragraph, with tabs.\nSecond line", locator: null }],
      bytes: bytes.byteLength,
    });
  });

  it("reads UTF-16 with a byte-order mark, and Windows-1252 that is not valid UTF-8", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("Café", "utf16le")]);
    expect(extractText(utf16).sections[0]?.text).toBe("Café");
    expect(extractText(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])).sections[0]?.text).toBe(
      "Café €",
    );
  });

  it("gives an empty section for an empty file (extractFile refuses it)", () => {
    expect(extractText(new Uint8Array()).sections).toEqual([{ text: "", locator: null }]);
  });

  it("refuses binary bytes as an unreadable TXT file", () => {
    expect(() => extractText(new Uint8Array([0x41, 0x00, 0x42]))).toThrow(
      new AppError("UNPROCESSABLE", DATA_SOURCE_MESSAGES.unreadableFile("TXT")),
    );
  });
});
