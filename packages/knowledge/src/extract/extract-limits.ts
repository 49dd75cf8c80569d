/**
 * The bounds every extractor keeps, so a hostile file fails with a clear error instead of
 * taking the process down.
 */
export const EXTRACT_LIMITS = {
  /** Text read out of one file, in characters: a 50 MB upload of plain text stays under it. */
  maxChars: 20_000_000,
  /**
   * Uncompressed XML read out of one DOCX. A real document's XML is a few megabytes; a
   * zip bomb inflates to gigabytes, so it is refused before mammoth sees it.
   */
  docxMaxXmlBytes: 64 * 1024 * 1024,
  /** Entries in one DOCX zip: Word writes a few dozen. */
  docxMaxEntries: 2_000,
  /** A binary parser (PDF, DOCX, DOC) running longer than this is stopped. */
  parserTimeoutMs: 120_000,
  /** The JavaScript heap of the parser thread: a parser caught in a loop dies there, alone. */
  parserHeapMb: 512,
} as const;
