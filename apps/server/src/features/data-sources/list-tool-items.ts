import type { Database } from "@liftoff/db";
import { AppError, RUN_MESSAGES, type ToolItem } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import { loadRunnableTool } from "../runs/load-runnable-tool.ts";

/**
 * The item select searches as the visitor types (debounced): 120 lists a minute per address
 * (IPv6 per /64) and app is far above a person's typing and bounds what a script can make
 * the database rank.
 */
export const TOOL_ITEMS_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
export const TOOL_ITEMS_RATE_MESSAGE = "Too many searches. Please wait a moment and try again.";

/** Items a tool_item_select shows at once (the search narrows them). */
export const TOOL_ITEMS_LIMIT = 30;

/**
 * The items a tool_item_select offers an end user: the rows of the CSV items lists of the
 * field's source tool (its data items of type csv; all the app's CSV items when it chose
 * none), narrowed by the builder's filter condition (a web-search query the rows must
 * match, e.g. `vegan -nuts`) and, when the end user types, the rows most similar to what
 * they typed (search-similar-item). Only for an active tool of a published app, like a run.
 */
export async function listToolItems(options: {
  db: Kysely<Database>;
  language: string;
  appId: string;
  toolId: string;
  fieldName: string;
  query?: string | undefined;
}): Promise<ToolItem[]> {
  const runnable = await loadRunnableTool(options.db, { appId: options.appId, toolId: options.toolId });
  const field = runnable.tool.fields.find(
    (candidate) => candidate.name === options.fieldName && candidate.type === "tool_item_select",
  );
  if (!field) throw new AppError("NOT_FOUND", RUN_MESSAGES.notFound);
  const source = runnable.saved.tools.find((tool) => tool.toolId === field.toolId);
  const chosen = (source?.dataItems ?? []).map((item) => item.contextItemId);
  const language = options.language;
  const onlyChosen = chosen.length > 0 ? sql`and i."id" = any(${chosen}::text[])` : sql``;
  const filter = field.filterCondition.trim()
    ? sql`and c."search" @@ websearch_to_tsquery(${language}::regconfig, ${field.filterCondition.trim()})`
    : sql``;
  const query = options.query?.trim().slice(0, 200) ?? "";
  const like = `%${escapeLike(query)}%`;
  // A CSV's first section lists its columns (locator "header row"): not an item.
  const isRow = sql`c."locator" is distinct from 'header row'`;
  const rows =
    query === ""
      ? await sql<{ id: string; text: string }>`
          select c."id", c."text"
          from "context_chunks" c
          join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
          where c."appId" = ${runnable.app.id} and i."type" = 'csv' and ${isRow} ${onlyChosen} ${filter}
          order by i."createdAt", c."position"
          limit ${TOOL_ITEMS_LIMIT}`.execute(options.db)
      : // Rows that contain what was typed come first (a name being typed), then the rows
        // whose words are most like it (search-similar-item).
        await sql<{ id: string; text: string }>`
          with q as (
            select coalesce(
              (select to_tsquery(${language}::regconfig, string_agg(quote_literal(lexeme), ' | '))
               from unnest(to_tsvector(${language}::regconfig, ${query})) as t(lexeme, positions, weights)),
              ''::tsquery) as loose
          )
          select c."id", c."text"
          from q, "context_chunks" c
          join "context_items" i on i."id" = c."itemId" and c."generation" = i."indexedGeneration"
          where c."appId" = ${runnable.app.id} and i."type" = 'csv' and ${isRow} ${onlyChosen} ${filter}
            and (c."search" @@ q.loose or c."text" ilike ${like})
          order by (c."text" ilike ${like}) desc, ts_rank_cd(c."search", q.loose) desc, c."position"
          limit ${TOOL_ITEMS_LIMIT}`.execute(options.db);
  return rows.rows.map((row) => toToolItem(row.id, row.text));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** "name: Aurora mug\ncolour: sea green" → label "Aurora mug", details the other lines. */
export function toToolItem(id: string, text: string): ToolItem {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const cellValue = (line: string) => {
    const colon = line.indexOf(": ");
    return colon >= 0 ? line.slice(colon + 2).trim() : line.trim();
  };
  return {
    id,
    label: cellValue(lines[0] ?? "").slice(0, 200) || "Item",
    details: lines.slice(1).join("\n").slice(0, 500),
  };
}
