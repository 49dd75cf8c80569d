// The entity filter language: parsing, limits, in-memory evaluation, sort and projection.
export * from "./case-fold-code-point-ranges.ts";
export * from "./compare-code-points.ts";
export * from "./complement-code-point-ranges.ts";
export * from "./filter-error.ts";
export * from "./filter-limits.ts";
export * from "./filter-node.ts";
export * from "./in-code-point-ranges.ts";
export * from "./matches-filter.ts";
export * from "./matches-filter-regex.ts";
export * from "./normalize-code-point-ranges.ts";
export * from "./parse-field-path.ts";
export * from "./parse-fields.ts";
export * from "./parse-filter.ts";
export * from "./parse-filter-param.ts";
export * from "./parse-filter-regex.ts";
export * from "./parse-sort.ts";
export * from "./quote-name.ts";
