import { Button } from "@liftoff/ui";
import { DownloadIcon } from "lucide-react";
import { failedRowsCsv, failedRowsFileName, type ImportFailure } from "./csv-import.ts";

/** Rows listed in the dialog; the download always has them all. */
const SHOWN = 100;

/**
 * Saves text as a file through a temporary link. The byte-order mark lets spreadsheet apps
 * read the file as UTF-8 (Excel guesses a legacy encoding without it); the import's parser
 * drops it, so a fixed file imports again as it is.
 */
function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the browser may still be reading the blob for the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The import result's failed rows: each with its line in the file (the header is line 1)
 * and the reason, and a download of them as CSV (line, reason, then the row's values).
 */
export function FailedRowsReport({
  fileName,
  headers,
  failures,
}: {
  fileName: string;
  headers: readonly string[];
  failures: readonly ImportFailure[];
}) {
  const shown = failures.slice(0, SHOWN);
  return (
    <section className="grid min-w-0 gap-2" aria-labelledby="db-import-failures-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="db-import-failures-title" className="text-sm font-medium">
          Failed rows
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => downloadCsv(failedRowsFileName(fileName), failedRowsCsv(headers, failures))}
          data-testid="db-import-download-failed"
        >
          <DownloadIcon />
          Download failed rows
        </Button>
      </div>
      <ul
        className="max-h-48 overflow-y-auto rounded-lg border border-border text-13"
        aria-label="Failed rows with their line numbers"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the list scrolls from the keyboard too
        tabIndex={0}
        data-testid="db-import-failures"
      >
        {shown.map((failure) => (
          <li
            key={failure.line}
            className="flex gap-3 border-b border-border px-3 py-1.5 last:border-b-0"
            data-testid="db-import-failure"
            data-line={failure.line}
          >
            <span className="w-16 shrink-0 tabular-nums text-muted-foreground">Line {failure.line}</span>
            <span className="min-w-0 break-words">{failure.reason}</span>
          </li>
        ))}
      </ul>
      {failures.length > shown.length ? (
        <p className="text-13 text-muted-foreground">
          Showing the first {shown.length} of {failures.length.toLocaleString()} failed rows; the download has
          them all.
        </p>
      ) : null}
    </section>
  );
}
