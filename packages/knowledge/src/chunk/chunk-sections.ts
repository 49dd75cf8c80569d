import { CHUNK_OVERLAP, CHUNK_SIZE, chunkText, type TextChunk } from "./chunk-text.ts";

/**
 * A chunk of one section of a document. `start`/`end` are offsets into that section's
 * text; `section` is the section's index, `position` the chunk's place in the whole
 * document (0, 1, 2… across all sections), `locator` the section's (a page, a row).
 */
export type SectionChunk = TextChunk & { section: number; locator: string | null; position: number };

/**
 * Chunks each section of a document on its own, so a CSV row or a PDF page never shares
 * a chunk with another and every chunk can cite exactly one place. Sections without
 * text give no chunks (and use no position).
 */
export function chunkSections(options: {
  sections: { text: string; locator: string | null }[];
  size?: number;
  overlap?: number;
}): SectionChunk[] {
  const { sections, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP } = options;
  const chunks: SectionChunk[] = [];
  sections.forEach((section, index) => {
    for (const chunk of chunkText({ text: section.text, size, overlap }))
      chunks.push({ ...chunk, section: index, locator: section.locator, position: chunks.length });
  });
  return chunks;
}
