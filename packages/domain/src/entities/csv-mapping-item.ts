import { z } from "zod";
import { ENTITY_SCHEMA_LIMITS } from "./entity-schema-limits.ts";
import { columnDataTypeSchema } from "./infer-column-type.ts";

const SEGMENT = "[A-Za-z][A-Za-z0-9_]*";

/**
 * A schema field named by a dot path ('address.city'), as deep as fields may nest. Every
 * segment is an identifier, so a path can never reach `__proto__` when it builds objects.
 */
export const SCHEMA_FIELD_PATH_PATTERN = new RegExp(
  `^${SEGMENT}(?:\\.${SEGMENT}){0,${ENTITY_SCHEMA_LIMITS.nestingMax - 1}}$`,
);

/**
 * Where one CSV column goes (spec section 3 "CSV mapping item"): a schema field, or null
 * to ignore the column. `dataType` is one of the grid's column types; it decides the
 * conversion only where the schema leaves the type open (inside a free-form object), since
 * elsewhere the target field's own type is what the row must satisfy.
 */
export const csvMappingItemSchema = z.object({
  csvHeader: z.string({ error: "csvHeader must be a string" }).max(1_000, "csvHeader is too long"),
  schemaField: z
    .string({ error: "schemaField must be a field name or null" })
    .regex(
      SCHEMA_FIELD_PATH_PATTERN,
      "schemaField must be a field name, or a dot path such as address.city for a nested field",
    )
    .nullable(),
  dataType: columnDataTypeSchema,
});

export type CsvMappingItem = z.infer<typeof csvMappingItemSchema>;
