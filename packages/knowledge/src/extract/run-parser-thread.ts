import { Worker } from "node:worker_threads";
import { EXTRACT_LIMITS } from "./extract-limits.ts";

export type ParserKind = "pdf" | "docx" | "doc";

/** What each parser sends back: the raw text, before whitespace is tidied. */
export type ParserResult = {
  pdf: { title: string | null; pages: string[] };
  docx: { parts: string[] };
  doc: { parts: string[] };
};

export type ParserOutcome<K extends ParserKind> =
  | { ok: true; result: ParserResult[K] }
  /** unreadable: the parser failed, ran out of time or memory; tooLong: over maxChars. */
  | { ok: false; reason: "unreadable" | "tooLong"; message: string };

export type RunParserThreadOptions<K extends ParserKind> = {
  kind: K;
  bytes: Uint8Array;
  timeoutMs?: number;
};

/**
 * Runs one parse on a fresh worker thread (parser-thread.mjs) and resolves with its
 * outcome; never rejects. A thread per file costs a few hundred milliseconds, which an
 * ingest job can spend, and leaves nothing behind from a hostile file. The heap limit
 * only bounds JavaScript memory: the DOCX extractor also caps inflation itself.
 */
export function runParserThread<K extends ParserKind>(
  options: RunParserThreadOptions<K>,
): Promise<ParserOutcome<K>> {
  const timeoutMs = options.timeoutMs ?? EXTRACT_LIMITS.parserTimeoutMs;
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(new URL("./parser-thread.mjs", import.meta.url), {
      // A copy: pdf.js detaches the buffer it is given, and the caller keeps its bytes.
      workerData: { kind: options.kind, bytes: options.bytes.slice(), maxChars: EXTRACT_LIMITS.maxChars },
      resourceLimits: { maxOldGenerationSizeMb: EXTRACT_LIMITS.parserHeapMb },
      stdout: true,
      stderr: true,
    });
    // The parsers' console warnings about a broken file are noise in the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (outcome: ParserOutcome<K>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: "unreadable", message: `The parser ran over ${timeoutMs} ms` }),
      timeoutMs,
    );
    worker.on("message", (message: ParserOutcome<K>) => finish(message));
    worker.on("error", (error) => finish({ ok: false, reason: "unreadable", message: error.message }));
    worker.on("exit", (code) =>
      finish({ ok: false, reason: "unreadable", message: `The parser thread exited (${code})` }),
    );
  });
}
