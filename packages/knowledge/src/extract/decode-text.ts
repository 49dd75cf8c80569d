const UTF8 = new TextDecoder("utf-8", { fatal: true });
/**
 * Windows-1252's 0x80-0x9f, where it differs from Latin-1. Node's TextDecoder decodes
 * "windows-1252" as Latin-1 (0x80 comes out as U+0080, not €), so the table is ours.
 */
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Reads the bytes of a text file: a byte-order mark picks UTF-8 or UTF-16 (Excel's
 * "Unicode text" is UTF-16), otherwise UTF-8, and bytes that are not valid UTF-8 are read
 * as Windows-1252, the encoding older Windows tools save in, so "café" never turns into
 * replacement characters. The mark itself is dropped.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return UTF8.decode(body);
  } catch {
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
      .toString("latin1")
      .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
  }
}
