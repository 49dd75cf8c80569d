import { summarizeApp } from "@liftoff/ai";
import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";
import { readSpaceAppSettings } from "../space-apps/read-space-app-settings.ts";

export type ChatContext = {
  name: string;
  mainPage: string | null;
  draftVersionId: string | null;
  files: Map<string, string>;
  /** Entity name → stored schema (with permissions). */
  entities: Record<string, unknown>;
};

/** The app as the assistant sees it: draft files, entity schemas, name and main page. */
export async function loadChatContext(db: Kysely<Database>, appId: string): Promise<ChatContext> {
  const app = await db
    .selectFrom("apps")
    .select(["name", "data", "draftVersionId"])
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  const files = app.draftVersionId
    ? await loadVersionFiles(db, app.draftVersionId)
    : new Map<string, string>();
  const schemas = await db
    .selectFrom("entity_schemas")
    .select(["name", "schema"])
    .where("appId", "=", appId)
    .orderBy("name")
    .execute();
  return {
    name: app.name,
    mainPage: readSpaceAppSettings(app.data).mainPage ?? null,
    draftVersionId: app.draftVersionId,
    files,
    entities: Object.fromEntries(schemas.map((s) => [s.name, s.schema])),
  };
}

/** The app summary for the system prompt. */
export function summaryOf(context: ChatContext, errors: readonly string[]): string {
  return summarizeApp({
    name: context.name,
    mainPage: context.mainPage,
    files: context.files,
    entities: context.entities,
    errors,
  });
}
