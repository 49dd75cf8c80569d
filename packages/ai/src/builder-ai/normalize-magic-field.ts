import {
  type CustomField,
  customFieldSchema,
  firstOf,
  INPUT_TAG,
  looseRecord,
  upgradeCustomField,
} from "@liftoff/domain";
import { type BuilderViewer, fitFieldForBuilder } from "./fit-field-for-builder.ts";

/**
 * - no_name: the answer names no field ('Magic edit failed, try again using a different
 *   field name'), or only the reserved 'input';
 * - unusable: not a field at all ('Failed creating the field').
 */
export type MagicFieldOutcome =
  | { ok: true; field: CustomField }
  | { ok: false; reason: "no_name" | "unusable" };

/**
 * The model's answer to magic create as a field the builder can add. The answer may be the
 * field itself or wrap it ({"field": {…}}). Its name must hold a letter or digit, since
 * the name is the field's [tag]: a name made up from the label would be a tag the builder
 * never chose, so a missing one is reported instead. Everything else is read loosely
 * (upgradeCustomField, as for old documents) and fitted to what this builder may save.
 */
export function normalizeMagicField(raw: unknown, viewer: BuilderViewer): MagicFieldOutcome {
  const outer = looseRecord(raw);
  const record = looseRecord(firstOf(outer, "field", "result") ?? raw);
  if (Object.keys(record).length === 0) return { ok: false, reason: "unusable" };
  const rawName = firstOf(record, "name", "key");
  if (typeof rawName !== "string" || !/[A-Za-z0-9]/.test(rawName)) return { ok: false, reason: "no_name" };
  const { field } = upgradeCustomField(record, { index: 0, stepIds: new Set() });
  if (field.name.toLowerCase() === INPUT_TAG) return { ok: false, reason: "no_name" };
  const parsed = customFieldSchema.safeParse(fitFieldForBuilder(field, viewer));
  return parsed.success ? { ok: true, field: parsed.data } : { ok: false, reason: "unusable" };
}
