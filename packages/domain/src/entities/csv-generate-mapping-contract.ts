import { z } from "zod";
import { csvMappingItemSchema } from "./csv-mapping-item.ts";
import { entitySchemaSchema } from "./entity-schema.ts";
import { ENTITY_SCHEMA_LIMITS } from "./entity-schema-limits.ts";
import { GRID } from "./grid.ts";
import { IDENTIFIER_PATTERN } from "./identifier-pattern.ts";

/** Columns a CSV may have for a mapping request; far above any real entity's field count. */
export const CSV_COLUMNS_MAX = 500;

/**
 * POST /api/csv/generateMapping (spec section 7): the wizard sends the file's headers, its
 * first rows (aligned with the headers, as the CSV parser returns them) and the target
 * entity; the server asks the configured model for a mapping.
 */
export const csvGenerateMappingRequestSchema = z.object({
  headers: z
    .array(z.string({ error: "Headers must be strings" }).max(1_000, "A header is too long"), {
      error: "headers must be a list of strings",
    })
    .min(1, "headers cannot be empty")
    .max(CSV_COLUMNS_MAX, `A CSV can have at most ${CSV_COLUMNS_MAX} columns`),
  previewData: z
    .array(
      z
        .array(z.string({ error: "Preview values must be strings" }))
        .max(CSV_COLUMNS_MAX, `A CSV can have at most ${CSV_COLUMNS_MAX} columns`),
      { error: "previewData must be a list of rows" },
    )
    .max(GRID.mappingPreviewRows, `previewData can have at most ${GRID.mappingPreviewRows} rows`),
  schema: entitySchemaSchema,
  entityName: z
    .string({ error: "entityName is required" })
    .max(ENTITY_SCHEMA_LIMITS.nameMax, `entityName can be at most ${ENTITY_SCHEMA_LIMITS.nameMax} characters`)
    .regex(IDENTIFIER_PATTERN, "entityName must be an entity name"),
});
export type CsvGenerateMappingRequest = z.infer<typeof csvGenerateMappingRequestSchema>;

export const csvGenerateMappingResponseSchema = z.object({
  mappings: z.array(csvMappingItemSchema).max(CSV_COLUMNS_MAX),
});
export type CsvGenerateMappingResponse = z.infer<typeof csvGenerateMappingResponseSchema>;
