import { AppError } from "@liftoff/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK_OVERLAP, CHUNK_SIZE, chunkText, type TextChunk } from "./chunk-text.ts";

const sentence = (i: number) => `Sentence ${i} is about the glaze on a mug.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(" ");

/** The invariants every chunking must keep, whatever the text and sizes. */
function expectWellFormed(text: string, chunks: TextChunk[], size: number, overlap: number): void {
  chunks.forEach((chunk, i) => {
    expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.text.length).toBeLessThanOrEqual(size);
    expect(chunk.text).toBe(chunk.text.trim());
    const previous = chunks[i - 1];
    if (!previous) return;
    // In order, always moving forward.
    expect(chunk.start).toBeGreaterThan(previous.start);
    expect(chunk.end).toBeGreaterThan(previous.end);
    if (chunk.start < previous.end) {
      expect(previous.end - chunk.start).toBeLessThanOrEqual(overlap);
      // An overlap starts at a word: after whitespace or a CJK sentence end.
      expect(text[chunk.start - 1]).toMatch(/[\s。！？｡]/);
    }
  });
  // Every non-whitespace character is inside some chunk (the chunks are in order, so one
  // sweep checks it).
  let covered = 0;
  for (const chunk of chunks) {
    if (chunk.start > covered) expect(text.slice(covered, chunk.start)).toMatch(/^\s*$/);
    covered = Math.max(covered, chunk.end);
  }
  expect(text.slice(covered)).toMatch(/^\s*$/);
}

describe("chunkText", () => {
  it("uses the sizes of spec section 9 by default", () => {
    expect(CHUNK_SIZE).toBe(1000);
    expect(CHUNK_OVERLAP).toBe(200);
    const text = paragraph(0, 100);
    const chunks = chunkText({ text });
    expect(chunks.length).toBeGreaterThan(4);
    expectWellFormed(text, chunks, 1000, 200);
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeGreaterThan(800);
  });

  it("gives no chunks for empty or whitespace-only text", () => {
    expect(chunkText({ text: "" })).toEqual([]);
    expect(chunkText({ text: "  \n\n\t \u00a0 \u3000" })).toEqual([]);
  });

  it("gives a short text as one chunk, trimmed by its offsets", () => {
    const text = "\n\n  Open Monday to Friday, 9 to 5.  \n";
    expect(chunkText({ text })).toEqual([{ text: "Open Monday to Friday, 9 to 5.", start: 4, end: 34 }]);
  });

  it("ends chunks at paragraph breaks first", () => {
    const first = paragraph(0, 5);
    const second = paragraph(5, 5);
    const text = `${first}\n\n${second}`;
    // Both paragraphs would fit a line-, sentence- or word-filled window better; the
    // blank line still wins.
    const chunks = chunkText({ text, size: first.length + 60, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual([first, second]);
    expect(chunks[1]!.start).toBe(first.length + 2);
  });

  it("then at line breaks, then at sentence ends, then at spaces", () => {
    const lines = `${sentence(1)} ${sentence(2)}\n${sentence(3)} ${sentence(4)}`;
    expect(chunkText({ text: lines, size: 110, overlap: 0 })[0]!.text).toBe(`${sentence(1)} ${sentence(2)}`);
    const sentences = `${sentence(1)} ${sentence(2)} ${sentence(3)}`;
    expect(chunkText({ text: sentences, size: 110, overlap: 0 })[0]!.text).toBe(
      `${sentence(1)} ${sentence(2)}`,
    );
    const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa";
    const chunks = chunkText({ text: words, size: 20, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual([
      "alpha beta gamma",
      "delta epsilon zeta",
      "eta theta iota kappa",
    ]);
  });

  it("treats quoted sentence ends, ? and ! as sentence ends", () => {
    const text = 'She said "It fits." Then she left! Would you? Yes sure thing friend';
    const chunks = chunkText({ text, size: 40, overlap: 0 });
    expect(chunks[0]!.text).toBe('She said "It fits." Then she left!');
  });

  it("does not cut a short paragraph off the start of a chunk", () => {
    // The blank line sits in the first half of the window: a 5-character chunk would be
    // useless for search, so the chunk fills up to a sentence end instead.
    const text = `Hours\n\n${paragraph(0, 10)}`;
    const chunks = chunkText({ text, size: 200, overlap: 0 });
    expect(chunks[0]!.text.startsWith("Hours\n\nSentence 0")).toBe(true);
    expect(chunks[0]!.text.endsWith(".")).toBe(true);
  });

  it("splits CJK text at 。 even without spaces", () => {
    const text = "今日は晴れです。明日は雨が降るでしょう。週末は店を閉めます。月曜日にまた開きます。";
    const chunks = chunkText({ text, size: 21, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual([
      "今日は晴れです。明日は雨が降るでしょう。",
      "週末は店を閉めます。月曜日にまた開きます。",
    ]);
  });

  it("cuts a single word longer than the chunk hard, but never inside a surrogate pair", () => {
    const text = `short ${"x".repeat(25)} end`;
    const chunks = chunkText({ text, size: 10, overlap: 3 });
    expectWellFormed(text, chunks, 10, 3);
    expect(chunks.map((c) => c.text)).toEqual(["short", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx end"]);
    const emoji = "😀".repeat(10);
    const pieces = chunkText({ text: emoji, size: 5, overlap: 0 });
    expect(pieces.map((c) => c.text)).toEqual(["😀😀", "😀😀", "😀😀", "😀😀", "😀😀"]);
  });

  it("overlaps consecutive chunks, starting the overlap at a sentence or word", () => {
    const text = paragraph(0, 20);
    const chunks = chunkText({ text, size: 200, overlap: 60 });
    expectWellFormed(text, chunks, 200, 60);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
      // Every chunk starts at a sentence or, failing one early in the window, a word.
      expect(chunks[i]!.text).toMatch(/^(Sentence|\d+ |is |about |the |glaze |on |a |mug)/);
    }
    // Sentence starts win where they leave enough overlap.
    expect(chunks.some((c, i) => i > 0 && c.text.startsWith("Sentence"))).toBe(true);
  });

  it("does not overlap rather than start inside a word", () => {
    const text = `${"a".repeat(30)} ${"b".repeat(30)}`;
    const chunks = chunkText({ text, size: 30, overlap: 10 });
    expect(chunks.map((c) => [c.start, c.end])).toEqual([
      [0, 30],
      [31, 61],
    ]);
  });

  it("rejects sizes that cannot chunk", () => {
    for (const [size, overlap] of [
      [0, 0],
      [10, 10],
      [10, -1],
      [1.5, 0],
      [10, 2.5],
    ] as const) {
      expect(() => chunkText({ text: "hello", size, overlap })).toThrow(AppError);
    }
  });

  it("chunks 5 MB of text quickly (linear time)", () => {
    const words = ["mug", "glaze", "kiln", "clay", "handle", "rim", "dishwasher", "microwave"];
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; length < 5_000_000; i++) {
      const word = words[i % words.length]!;
      const separator = i % 97 === 0 ? "\n\n" : i % 13 === 0 ? ". " : " ";
      parts.push(word, separator);
      length += word.length + separator.length;
    }
    const text = parts.join("");
    const started = performance.now();
    const chunks = chunkText({ text });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(chunks.at(-1)!.end).toBe(text.trimEnd().length);
    // A single 5 MB word and 5 MB of spaces between two words are linear too.
    const oneWord = "x".repeat(5_000_000);
    let again = performance.now();
    expect(chunkText({ text: oneWord })).toHaveLength(5000);
    expect(performance.now() - again).toBeLessThan(2000);
    const spaced = `a${" ".repeat(5_000_000)}b`;
    again = performance.now();
    expect(chunkText({ text: spaced }).map((c) => c.text)).toEqual(["a", "b"]);
    expect(performance.now() - again).toBeLessThan(2000);
  });

  describe("properties (fast-check)", () => {
    const token = fc.oneof(
      fc.constantFrom(" ", "  ", "\n", "\n\n", "\r\n\r\n", "\t", ". ", "? ", '!" ', "。", "\u00a0", "😀"),
      fc.stringMatching(/^[a-zé]{1,12}$/),
      fc.stringMatching(/^[a-z]{20,60}$/),
    );
    const text = fc.array(token, { maxLength: 200 }).map((tokens) => tokens.join(""));
    const sizes = fc
      .tuple(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 119 }))
      .map(([size, overlap]) => ({ size, overlap: overlap % size }));

    it("keeps slice === text, the size bound, the order and full coverage", () => {
      fc.assert(
        fc.property(text, sizes, (input, { size, overlap }) => {
          expectWellFormed(input, chunkText({ text: input, size, overlap }), size, overlap);
        }),
        { numRuns: 300 },
      );
    });

    it("keeps them for any string at all", () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 300 }), sizes, (input, { size, overlap }) => {
          expectWellFormed(input, chunkText({ text: input, size, overlap }), size, overlap);
        }),
        { numRuns: 200 },
      );
    });
  });
});
