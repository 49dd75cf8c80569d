// One binary parse (PDF, DOCX or DOC) on a worker thread of its own, started by
// run-parser-thread.ts. The parsers are third-party code fed untrusted bytes: here a loop
// that never ends is stopped by terminating the thread, and one that eats memory hits the
// thread's heap limit, without touching the server. Plain JavaScript so the server
// bundle can ship it next to main.js as it is.
import { parentPort, workerData } from "node:worker_threads";

const { kind, bytes, maxChars } = workerData;

/** Thrown when the text outgrows the limit: the caller treats the file as hostile. */
class TooLong extends Error {}

function count(total, text) {
  const next = total + text.length;
  if (next > maxChars) throw new TooLong();
  return next;
}

async function parsePdf() {
  const { getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const info = (await pdf.getMetadata().catch(() => null))?.info;
    const title = typeof info?.Title === "string" ? info.Title : null;
    const pages = [];
    let total = 0;
    // Page by page, not all at once, so the limit stops a huge file early.
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .filter((item) => typeof item.str === "string")
        .map((item) => item.str + (item.hasEOL ? "\n" : ""))
        .join("");
      page.cleanup();
      total = count(total, text);
      pages.push(text);
    }
    return { title, pages };
  } finally {
    await pdf.destroy();
  }
}

async function parseDocx() {
  const { default: mammoth } = await import("mammoth");
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  count(0, result.value);
  return { parts: [result.value] };
}

async function parseDoc() {
  const { default: WordExtractor } = await import("word-extractor");
  const document = await new WordExtractor().extract(Buffer.from(bytes));
  // Footnotes and endnotes are text the author wrote; headers repeat on every page.
  const parts = [document.getBody(), document.getFootnotes(), document.getEndnotes()];
  parts.reduce(count, 0);
  return { parts };
}

const parsers = { pdf: parsePdf, docx: parseDocx, doc: parseDoc };

try {
  const result = await parsers[kind]();
  parentPort.postMessage({ ok: true, result });
} catch (error) {
  parentPort.postMessage({
    ok: false,
    reason: error instanceof TooLong ? "tooLong" : "unreadable",
    name: error?.name ?? "Error",
    message: String(error?.message ?? error),
  });
}
