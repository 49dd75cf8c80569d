import { AppError } from "@liftoff/domain";
import {
  isCjkSentenceEnd,
  isClosingMark,
  isHighSurrogate,
  isSentenceEnd,
  isWhitespace,
} from "./char-classes.ts";

/** Characters per chunk (spec section 9). */
export const CHUNK_SIZE = 1000;
/** Characters two consecutive chunks may share (spec section 9). */
export const CHUNK_OVERLAP = 200;

/** A piece of a text; `text === source.slice(start, end)` always holds (end exclusive). */
export type TextChunk = { text: string; start: number; end: number };

// Where a chunk may end, best first, like LangChain's RecursiveCharacterTextSplitter
// ("\n\n", "\n", sentence ends, " ", then a hard cut).
const PARAGRAPH = 0;
const LINE = 1;
const SENTENCE = 2;
const WORD = 3;
const LEVELS = 4;

/**
 * Splits a text into chunks of at most `size` characters for embedding and search. Each
 * chunk ends at the best boundary its window offers (a blank line, then a line break, a
 * sentence end, a space; a hard cut only inside a word longer than the window) and the
 * next one starts up to `overlap` characters earlier, at a sentence or word start, so a
 * passage cut in two is still whole in one of them. Chunks are trimmed by moving their
 * offsets, never by copying, so `text.slice(start, end)` is the chunk.
 *
 * Rather than splitting recursively and merging the pieces (which loses the offsets and
 * copies the text several times), one window walks the text: every character is looked
 * at a bounded number of times, so megabytes chunk in milliseconds.
 */
export function chunkText(options: { text: string; size?: number; overlap?: number }): TextChunk[] {
  const { text, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP } = options;
  // A caller's mistake, not a builder's: the sizes are ours (constants or plan settings).
  if (!Number.isInteger(size) || size < 1)
    throw new AppError("BAD_REQUEST", "Chunk size must be a positive whole number", { size });
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size)
    throw new AppError("BAD_REQUEST", "Chunk overlap must be a whole number below the chunk size", {
      size,
      overlap,
    });

  let textEnd = text.length;
  while (textEnd > 0 && isWhitespace(text.charCodeAt(textEnd - 1))) textEnd--;
  let start = skipWhitespace(text, 0, textEnd);
  const chunks: TextChunk[] = [];
  // The first character the current chunk must cover: everything before it is in the
  // previous chunk already (or whitespace).
  let newFrom = start;
  while (start < textEnd) {
    if (textEnd - start <= size) {
      chunks.push({ text: text.slice(start, textEnd), start, end: textEnd });
      break;
    }
    const end = findCut({ text, start, newFrom, limit: start + size });
    chunks.push({ text: text.slice(start, end), start, end });
    const next = skipWhitespace(text, end, textEnd);
    start = overlapStart({ text, previousStart: start, previousEnd: end, next, overlap });
    newFrom = next;
  }
  return chunks;
}

function skipWhitespace(text: string, from: number, to: number): number {
  let index = from;
  while (index < to && isWhitespace(text.charCodeAt(index))) index++;
  return index;
}

function isLineBreak(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  // "\r\n" counts once, at its "\n"; a lone "\r" is an old Mac line break.
  return (
    code === 0x0a ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)
  );
}

/** The character at `index` ends a sentence, maybe behind a closing quote or bracket. */
function endsSentence(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (isSentenceEnd(code) || isCjkSentenceEnd(code)) return true;
  return index > 0 && isClosingMark(code) && isSentenceEnd(text.charCodeAt(index - 1));
}

/**
 * Where the chunk ends: an offset in (newFrom, limit], the character before it not
 * whitespace. Candidates are the starts of whitespace runs (graded by the line breaks in
 * the run and the character before it) and the points just after a CJK sentence end.
 * The best level wins among the candidates that leave the chunk at least half full, so a
 * blank line just after the chunk's start does not make a tiny chunk; without any there,
 * the latest candidate wins; without any at all (one huge word) the window is cut hard.
 */
function findCut(options: { text: string; start: number; newFrom: number; limit: number }): number {
  const { text, start, newFrom, limit } = options;
  const preferFrom = Math.max(newFrom + 1, start + Math.ceil((limit - start) / 2));
  const best: number[] = new Array(LEVELS).fill(-1);
  let latest = -1;
  // Line breaks in the whitespace run from the scanned position on: a run straddling the
  // limit counts its breaks beyond it too (at most two matter).
  let runBreaks = 0;
  if (isWhitespace(text.charCodeAt(limit))) {
    for (let index = limit + 1; index < text.length && runBreaks < 2; index++) {
      if (!isWhitespace(text.charCodeAt(index))) break;
      if (isLineBreak(text, index)) runBreaks++;
    }
  }
  for (let index = limit; index > newFrom; index--) {
    if (index < preferFrom && latest !== -1) break;
    const code = text.charCodeAt(index);
    const before = text.charCodeAt(index - 1);
    let level = -1;
    if (isWhitespace(code)) {
      if (isLineBreak(text, index)) runBreaks++;
      if (isWhitespace(before)) continue;
      if (runBreaks >= 2) level = PARAGRAPH;
      else if (runBreaks === 1) level = LINE;
      else if (endsSentence(text, index - 1)) level = SENTENCE;
      else level = WORD;
      runBreaks = 0;
    } else {
      runBreaks = 0;
      if (isCjkSentenceEnd(before)) level = SENTENCE;
    }
    if (level === -1) continue;
    if (latest === -1) latest = index;
    if (index >= preferFrom && best[level] === -1) {
      best[level] = index;
      if (level === PARAGRAPH) break;
    }
  }
  for (const cut of best) if (cut !== -1) return cut;
  if (latest !== -1) return latest;
  // Never split a surrogate pair (an emoji, a rare CJK character) in two.
  return isHighSurrogate(text.charCodeAt(limit - 1)) && limit - 1 > newFrom ? limit - 1 : limit;
}

/**
 * Where the next chunk starts: the earliest sentence start in the first half of the
 * overlap window (a chunk that starts with a whole sentence embeds better), else the
 * earliest word start in it, else no overlap at all rather than half a word. The window
 * is the `overlap` characters before `next` (the first character the new chunk adds).
 */
function overlapStart(options: {
  text: string;
  previousStart: number;
  previousEnd: number;
  next: number;
  overlap: number;
}): number {
  const { text, previousStart, previousEnd, next, overlap } = options;
  const from = Math.max(next - overlap, previousStart + 1);
  if (overlap === 0 || from >= previousEnd) return next;
  const half = from + Math.floor((previousEnd - from) / 2);
  // The state at `from`: the last non-whitespace character before it and whether the
  // whitespace since holds a line break. previousStart is not whitespace, so this stops.
  let lastSolid = from - 1;
  let runHasBreak = false;
  while (lastSolid > previousStart && isWhitespace(text.charCodeAt(lastSolid))) {
    if (isLineBreak(text, lastSolid)) runHasBreak = true;
    lastSolid--;
  }
  let firstWord = -1;
  for (let index = from; index < previousEnd; index++) {
    if (isWhitespace(text.charCodeAt(index))) {
      if (isLineBreak(text, index)) runHasBreak = true;
      continue;
    }
    const afterSpace = lastSolid < index - 1;
    const afterCjkEnd = !afterSpace && isCjkSentenceEnd(text.charCodeAt(index - 1));
    if (afterSpace || afterCjkEnd) {
      const sentence = afterCjkEnd || runHasBreak || endsSentence(text, lastSolid);
      if (sentence && index < half) return index;
      if (firstWord === -1) firstWord = index;
      if (index >= half) return firstWord;
    }
    lastSolid = index;
    runHasBreak = false;
  }
  return firstWord === -1 ? next : firstWord;
}
