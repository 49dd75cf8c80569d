import type { Database } from "@liftoff/db";
import type { CustomField, MemorizedValue, RunFieldValue, RunRequest } from "@liftoff/domain";
import { describeHeight, describeWeight, type HeightValue, type WeightValue } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/** An answer as plain text (the prompt quotes it): options joined, measures described. */
function plainValue(field: Pick<CustomField, "type">, value: RunFieldValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") {
    if (field.type === "height") return describeHeight(value as HeightValue);
    if (field.type === "weight") return describeWeight(value as WeightValue);
    return "";
  }
  return value;
}

/** Stores a signed-in end user's answers to the tool's 'memorize' fields (the last one wins). */
export async function rememberAnswers(
  db: Kysely<Database>,
  input: { appId: string; appUserId: string; fields: readonly CustomField[]; request: RunRequest },
): Promise<void> {
  const rows = input.fields
    .filter((field) => field.memorize && Object.hasOwn(input.request.values, field.name))
    .map((field) => ({
      appId: input.appId,
      appUserId: input.appUserId,
      fieldName: field.name,
      label: field.label || field.name,
      value: JSON.stringify(input.request.values[field.name]),
    }));
  if (rows.length === 0) return;
  await db
    .insertInto("app_user_memories")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["appUserId", "fieldName"]).doUpdateSet({
        value: sql`excluded."value"`,
        label: sql`excluded."label"`,
        updatedAt: new Date(),
      }),
    )
    .execute();
}

export type StoredMemory = { fieldName: string; label: string; value: unknown; updatedAt: Date };

/** Every remembered answer of an end user in an app, newest first. */
export async function readMemories(
  db: Kysely<Database>,
  input: { appId: string; appUserId: string },
): Promise<StoredMemory[]> {
  return db
    .selectFrom("app_user_memories")
    .select(["fieldName", "label", "value", "updatedAt"])
    .where("appId", "=", input.appId)
    .where("appUserId", "=", input.appUserId)
    .orderBy("updatedAt", "desc")
    .execute();
}

/**
 * What the prompt's 'Memorized values' section gets: the remembered answers of this
 * tool's memorize fields that the end user did not answer this time (an answer given now
 * is already in the prompt).
 */
export function memorizedForRun(
  memories: readonly StoredMemory[],
  input: { fields: readonly CustomField[]; request: RunRequest },
): MemorizedValue[] {
  const byName = new Map(input.fields.map((field) => [field.name, field]));
  return memories.flatMap((memory) => {
    const field = byName.get(memory.fieldName);
    if (!field?.memorize || Object.hasOwn(input.request.values, field.name)) return [];
    const value = plainValue(field, memory.value as RunFieldValue);
    return value.trim() === "" ? [] : [{ label: field.label || field.name, value }];
  });
}
