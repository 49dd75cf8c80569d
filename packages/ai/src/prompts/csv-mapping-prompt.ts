import type { CsvGenerateMappingRequest } from "@liftoff/domain";
import { COLUMN_DATA_TYPES } from "@liftoff/domain";

export const CSV_MAPPING_SYSTEM_PROMPT = `You map the columns of a CSV file to the fields of a database entity.
Answer with JSON only, no prose and no code fence, in exactly this shape:
{"mappings":[{"csvHeader":"<a header exactly as given>","schemaField":"<field name, dot path for a nested field, or null>","dataType":"<one of: ${COLUMN_DATA_TYPES.join(", ")}>"}]}
Rules:
- One item per CSV header, in the order given, with the header copied exactly.
- schemaField must be one of the entity's fields (use a dot path such as address.city for a field inside an object field), or null when no field fits. Never invent fields; map each field at most once.
- Match by meaning, not only by spelling: "E-mail address" fits "email", "Qty" fits "quantity". Use the preview rows to decide.
- dataType describes the column's values: number, text, select (one of a few repeated values), multiselect (comma-separated values), image (image URL), json, datetime, boolean.`;

/** The user message: the entity's schema, the headers and the preview rows as JSON. */
export function csvMappingUserPrompt(request: CsvGenerateMappingRequest): string {
  const preview = request.previewData.map((row) =>
    Object.fromEntries(request.headers.map((header, i) => [header, row[i] ?? ""])),
  );
  return [
    `Entity: ${request.entityName}`,
    `Entity schema (JSON Schema): ${JSON.stringify({ properties: request.schema.properties, required: request.schema.required ?? [] })}`,
    `CSV headers: ${JSON.stringify(request.headers)}`,
    `First rows of the CSV: ${JSON.stringify(preview)}`,
  ].join("\n\n");
}
