// Data sources: extract text from files and pages, chunk it, crawl sites, fuse rankings.
// Pure of the database and the server: the server's data-sources feature stores and
// searches what this package produces.

export * from "./chunk/chunk-sections.ts";
export * from "./chunk/chunk-text.ts";
export * from "./crawl/check-public-address.ts";
export * from "./crawl/crawl-site.ts";
export * from "./crawl/crawl-types.ts";
export * from "./eval/recall-at-k.ts";
export * from "./eval/retrieval-set.ts";
export * from "./extract/extract-csv.ts";
export * from "./extract/extract-doc.ts";
export * from "./extract/extract-docx.ts";
export * from "./extract/extract-file.ts";
export * from "./extract/extract-html.ts";
export * from "./extract/extract-pdf.ts";
export * from "./extract/extract-text.ts";
export * from "./extract/extracted-document.ts";
export * from "./rank/fuse-ranks.ts";
