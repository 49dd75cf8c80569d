import { RETRIEVAL_DOCUMENTS, RETRIEVAL_QUERIES } from "@liftoff/knowledge";

/** mulberry32: a small seeded PRNG, so every run generates the very same corpus. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The sentences of the labelled retrieval set (twelve small-business documents), ASCII only
 * so a PDF in WinAnsi can carry them too. Shuffled, they make varied English text with the
 * vocabulary real questions ask about; it is a small vocabulary (a few thousand words), so
 * common words occur in many chunks — a hard case for full-text matching, not an easy one.
 */
export const SENTENCES: readonly string[] = RETRIEVAL_DOCUMENTS.flatMap((document) =>
  document.text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/[^\x20-\x7e]/g, " ").trim())
    .filter((sentence) => sentence.length >= 20),
);

function sentence(random: () => number): string {
  return SENTENCES[Math.floor(random() * SENTENCES.length)]!;
}

/** Paragraphs of 3–7 shuffled sentences until `bytes` (ASCII, so characters) are reached. */
export function generateText(options: { bytes: number; seed: number }): string {
  const random = seededRandom(options.seed);
  const parts: string[] = [];
  let length = 0;
  while (length < options.bytes) {
    const count = 3 + Math.floor(random() * 5);
    const paragraph = Array.from({ length: count }, () => sentence(random)).join(" ");
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  return parts.join("\n\n").slice(0, options.bytes);
}

/** `count` chunk texts of about `chars` characters each (whole sentences, as a chunker cuts). */
export function generateChunkTexts(options: { count: number; chars: number; seed: number }): string[] {
  const random = seededRandom(options.seed);
  return Array.from({ length: options.count }, () => {
    let text = "";
    while (text.length < options.chars) text += (text ? " " : "") + sentence(random);
    return text;
  });
}

/** Pages of ~80-character lines for a hand-built PDF. */
export function generatePdfPages(options: { pages: number; linesPerPage: number; seed: number }): string[][] {
  const random = seededRandom(options.seed);
  return Array.from({ length: options.pages }, () => {
    const words = Array.from({ length: options.linesPerPage * 2 }, () => sentence(random))
      .join(" ")
      .split(" ");
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      if (lines.length === options.linesPerPage) break;
      if (line.length + word.length + 1 > 80) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return lines;
  });
}

/**
 * ~50 questions: the retrieval set's 32 visitor questions and variations of the shapes
 * people type — keywords only, a quoted phrase, an excluded word, a question with no
 * matching word at all.
 */
export const BENCH_QUESTIONS: readonly string[] = [
  ...RETRIEVAL_QUERIES.map((entry) => entry.query),
  "refund",
  "opening hours sunday",
  "express shipping price",
  '"free shipping"',
  "gym membership -annual",
  "dog friendly hotel room",
  "lemon cake recipe without eggs",
  "warranty claim without receipt",
  "what is the deposit for a table booking?",
  "how do I cancel my order",
  "are dogs allowed on the beach in summer",
  "invoice export csv",
  "bike brake adjustment cost",
  "dentist emergency appointment today",
  "can I pay by card or cash?",
  "where is the nearest car park",
  "dishwasher safe mug",
  "international delivery customs fees",
  "zyxwv quantum hovercraft",
  "what languages do your staff speak?",
];
