import { Button, toast } from "@liftoff/ui";
import { CopyIcon, DownloadIcon, PrinterIcon } from "lucide-react";
import { printResult } from "./print-result.ts";

/** Ours: the spec names 'Link copied!' and 'Post copied!' for sharing only. */
export const RESULT_ACTION_MESSAGES = {
  copied: "Copied!",
  copyFailed: "Could not copy: your browser did not allow it.",
} as const;

function download(markdown: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([markdown], { type: "text/markdown;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Copy (Markdown to the clipboard), Download Markdown (.md) and Print (just the result). */
export function ResultActions({ markdown, fileName }: { markdown: () => string; fileName: string }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button
        variant="outline"
        size="sm"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(markdown());
            toast.success(RESULT_ACTION_MESSAGES.copied);
          } catch {
            toast.error(RESULT_ACTION_MESSAGES.copyFailed);
          }
        }}
      >
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
      <Button variant="outline" size="sm" onClick={() => download(markdown(), fileName)}>
        <DownloadIcon aria-hidden="true" />
        Download Markdown
      </Button>
      <Button variant="outline" size="sm" onClick={printResult}>
        <PrinterIcon aria-hidden="true" />
        Print
      </Button>
    </div>
  );
}
