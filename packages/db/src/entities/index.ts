// Entity rows: the filter and sort compilers over the entity_rows table.
export { type CompileFilterOptions, compileFilter } from "./compile-filter.ts";
export { compileSort } from "./compile-sort.ts";
export { ensureEntityIndexes, entityIndexName } from "./ensure-entity-indexes.ts";
