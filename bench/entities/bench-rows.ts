import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newRowId } from "../../apps/server/src/features/entities/new-row-id.ts";

/** Row i of the rows every entity benchmark loads (run.ts, import.ts). */
export const rowAt = (i: number) => ({
  title: `Item ${i}`,
  done: i % 2 === 0,
  priority: (i % 5) + 1,
  category: `c${i % 10}`,
});

/** The first `count` rows as the CSV file POST /import receives. */
export function csvOfRows(count: number): string {
  const lines = ["title,done,priority,category"];
  for (let i = 0; i < count; i++) {
    const r = rowAt(i);
    lines.push(`${r.title},${r.done},${r.priority},${r.category}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The floor of an import: Postgres COPY (psql's \copy) of the same rows, with the same kind
 * of ids (UUIDv7), into `table`, which the caller created shaped and indexed like
 * entity_rows. Returns rows per second of the COPY alone.
 */
export function copyRows(databaseUrl: string, table: string, appId: string, count: number): number {
  const file = join(mkdtempSync(join(tmpdir(), "copy-")), "rows.csv");
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(`${newRowId()},${appId},Item,"${JSON.stringify(rowAt(i)).replaceAll('"', '""')}"`);
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
  const started = performance.now();
  const copy = spawnSync("psql", [
    databaseUrl,
    "-qc",
    `\\copy ${table} (id, "appId", entity, data) from '${file}' with (format csv)`,
  ]);
  if (copy.status !== 0) throw new Error(`COPY failed: ${copy.stderr}`);
  return Math.round(count / ((performance.now() - started) / 1000));
}
