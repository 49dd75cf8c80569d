/**
 * Tidies extracted text for chunking and display: line breaks become LF, runs of spaces,
 * tabs and other blanks become one space, lines are trimmed, control and zero-width
 * characters go, and a paragraph break is one blank line however many there were.
 * Single line breaks stay: in a list, an address or a poem they carry meaning.
 */
export function normalizeWhitespace(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // Vertical tab and form feed: Word's line break and a page break.
      .replace(/[\v\f\u2028\u2029]/g, "\n")
      // Zero-width characters and the byte-order mark carry no text.
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
      // Other control characters (NUL included) are noise from binary formats.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
      // A run of blanks becomes one space. A lone space already is one: matching only longer
      // runs and other blanks (tab, no-break space...) skips a replacement per word, which
      // was most of the time of reading a text file (8 MB: 735 ms → about 20 ms).
      .replace(/[^\S\n]{2,}|[^\S\n ]/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
