export {
  COSTLY_CONNECTIONS,
  COSTLY_STATEMENT_TIMEOUT_MS,
  costlyStatement,
  isCostlyStatement,
} from "./costly-statement.ts";
export {
  type CompileFilterOptions,
  compileFilter,
  compileSort,
  ensureEntityIndexes,
  entityIndexName,
} from "./entities/index.ts";
export { jsonValue } from "./json-value.ts";
export { type MigrationState, migrateToLatest, migrationState } from "./migrate.ts";
export {
  type DatabaseHandle,
  type DatabaseKind,
  type OpenDatabaseOptions,
  openDatabase,
} from "./open-database.ts";
export { PGliteDialect } from "./pglite-dialect.ts";
export { COMPILED_PER_CONNECTION_MAX, prepared, preparedCompiled } from "./prepared-statements.ts";
export type * from "./schema.ts";
