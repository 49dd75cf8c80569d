import type { CsvMappingItem } from "./csv-mapping-item.ts";
import type { EntitySchema } from "./entity-schema.ts";

/**
 * The mapping used when the AI suggestion fails (spec section 8 "Mapping suggestion
 * failure"): each header goes to the top-level field of the same name, compared without
 * case and surrounding blanks, with data type text; other headers map to null. A field
 * takes only the first header that matches it, so two columns never fight over one field.
 * The text type does not turn numbers into text: conversion follows the field's own type.
 */
export function basicCsvMapping(
  headers: readonly string[],
  schema: Pick<EntitySchema, "properties">,
): CsvMappingItem[] {
  const byLowerName = new Map<string, string>();
  for (const name of Object.keys(schema.properties)) byLowerName.set(name.toLowerCase(), name);
  const taken = new Set<string>();
  return headers.map((csvHeader) => {
    const name = byLowerName.get(csvHeader.trim().toLowerCase());
    const schemaField = name !== undefined && !taken.has(name) ? name : null;
    if (schemaField) taken.add(schemaField);
    return { csvHeader, schemaField, dataType: "text" };
  });
}
