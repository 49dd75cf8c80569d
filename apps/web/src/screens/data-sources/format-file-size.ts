const KB = 1024;
const MB = KB * 1024;

function trimmed(value: number): string {
  // One decimal below 10 (1.5 MB), none above (120 KB): enough to tell files apart.
  return value < 10 ? (Math.round(value * 10) / 10).toString() : Math.round(value).toString();
}

/** A data source's size for its row: '512 B', '12 KB', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < MB) return `${trimmed(bytes / KB)} KB`;
  return `${trimmed(bytes / MB)} MB`;
}
