/**
 * The CSV import texts of spec sections 5 and 8, verbatim; the ones that carry numbers are
 * functions. Shared by the wizard, the server's POST /import and their tests.
 */
export const CSV_MESSAGES = {
  empty: "CSV file appears to be empty",
  noValidRows: "No valid data rows found in CSV",
  parseFailed: "Failed to parse CSV file. Please check the format.",
  mappingFallback: "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
  importPartial: (failed: number, total: number): string =>
    `Import completed with ${failed} failed rows out of ${total} total.`,
  importSuccess: (total: number): string => `Successfully imported all ${total} rows.`,
  importFailed: "Failed to import data. Please try again.",
} as const;
