import type { ContextItemProgress } from "@liftoff/domain";

const count = new Intl.NumberFormat("en-US");

/**
 * A running item's progress in words: '12 / 40 chunks' while indexing, '3 pages crawled'
 * while a web site is read, '12 / 40 chunks embedded' while vectors are made, 'Reading…'
 * before anything is counted.
 */
export function formatItemProgress(progress: ContextItemProgress): string {
  const done = count.format(progress.done);
  if (progress.stage === "crawling") {
    const pages = `${done} ${progress.done === 1 ? "page" : "pages"} crawled`;
    return progress.total === null ? pages : `${pages} of ${count.format(progress.total)}`;
  }
  if (progress.stage === "embedding")
    return progress.total === null
      ? `${done} embedded`
      : `${done} / ${count.format(progress.total)} chunks embedded`;
  if (progress.stage === "indexing")
    return progress.total === null
      ? `${done} ${progress.done === 1 ? "chunk" : "chunks"}`
      : `${done} / ${count.format(progress.total)} chunks`;
  return "Reading…";
}
