/**
 * One unit a citation can point to: a PDF page ("page 3"), a CSV row ("row 12"), or the
 * whole text of a document that has no pages (locator null).
 */
export type ExtractedSection = { text: string; locator: string | null };

/** What an extractor reads out of one file or page; `bytes` is the size of the input. */
export type ExtractedDocument = { title: string | null; sections: ExtractedSection[]; bytes: number };
