/** A field that must be quoted to read back as written: a comma, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Writes rows as RFC 4180 CSV text (CRLF line ends, a field quoted only when it holds a
 * comma, a quote or a line break, quotes doubled), so `createCsvParser` reads the same
 * rows back; the import's failed-rows download is written with it. Values are written as
 * they are: the download gives the builder's own file back, so no formula escaping is
 * added (it would change the values a fixed file re-imports).
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) =>
      row.map((value) => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value)).join(","),
    )
    .join("\r\n")
    .concat(rows.length > 0 ? "\r\n" : "");
}
