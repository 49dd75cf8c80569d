/**
 * What the isolation tests and bench:isolation both need: the largest CSV an end user may
 * import, and a percentile of measured times.
 */

/**
 * The largest CSV an end user may import: `maxRows` rows, each padded so the file is just
 * under `maxBytes` (both limits reached at once: the most rows and the most bytes one
 * import may write). Columns `title` and `body`, all ASCII.
 */
export function maximalCsv(maxRows: number, maxBytes: number): string {
  const header = "title,body\n";
  const lineBytes = Math.floor((maxBytes - header.length) / maxRows);
  const filler = "lorem ipsum dolor sit amet ".repeat(Math.ceil(lineBytes / 27));
  const lines = Array.from({ length: maxRows }, (_, i) => {
    const title = `Note ${i}`;
    // title + "," + body + "\n" = lineBytes.
    return `${title},${filler.slice(0, lineBytes - title.length - 2)}\n`;
  });
  return header + lines.join("");
}

/** The nearest-rank percentile `p` (0–100) of `values` (not empty). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
