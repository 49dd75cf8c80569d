import { describe, expect, it } from "vitest";
import { chunkSections } from "./chunk-sections.ts";
import { chunkText } from "./chunk-text.ts";

describe("chunkSections", () => {
  it("never lets two sections share a chunk, and numbers chunks across the document", () => {
    const sections = [
      { text: "name,price\nMug,12", locator: "row 1" },
      { text: "   ", locator: "row 2" },
      { text: "Page two has a long text. ".repeat(10), locator: "page 2" },
      { text: "Last one.", locator: null },
    ];
    const chunks = chunkSections({ sections, size: 60, overlap: 10 });
    expect(chunks[0]).toEqual({
      text: "name,price\nMug,12",
      start: 0,
      end: 17,
      section: 0,
      locator: "row 1",
      position: 0,
    });
    // The empty section gives no chunk and uses no position.
    expect(chunks.some((c) => c.section === 1)).toBe(false);
    const pageTwo = chunks.filter((c) => c.section === 2);
    expect(pageTwo.map(({ text, start, end }) => ({ text, start, end }))).toEqual(
      chunkText({ text: sections[2]!.text, size: 60, overlap: 10 }),
    );
    for (const chunk of chunks) {
      // Offsets are into the chunk's own section.
      expect(sections[chunk.section]!.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      expect(chunk.locator).toBe(sections[chunk.section]!.locator);
    }
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
    expect(chunks.at(-1)).toMatchObject({ text: "Last one.", section: 3, locator: null });
  });

  it("gives no chunks for no sections", () => {
    expect(chunkSections({ sections: [] })).toEqual([]);
  });
});
