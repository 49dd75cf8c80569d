import type { Database } from "@liftoff/db";
import { type AppFile, type AppFilesBundle, appFileGroup, appFileName } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";
import { loadEntitySchemas } from "./load-entity-schemas.ts";
import { loadVersionFiles } from "./load-version-files.ts";
import { readSpaceAppSettings } from "./read-space-app-settings.ts";

/**
 * The App files bundle (spec section 3) of one version of a space app; an app without a
 * version yet answers an empty bundle with versionId null. Entities come from the live
 * entity tables (the entity API's truth), not the version's snapshot, so the editor shows
 * what the app runs against.
 */
export async function buildFilesBundle(
  db: Kysely<Database>,
  app: Selectable<Database["apps"]>,
  versionId: string | null,
): Promise<AppFilesBundle> {
  const files = versionId ? await loadVersionFiles(db, versionId) : new Map<string, string>();
  const groups: Record<ReturnType<typeof appFileGroup>, AppFile[]> = {
    layout: [],
    styles: [],
    pages: [],
    components: [],
    services: [],
  };
  for (const [id, content] of files) groups[appFileGroup(id)].push({ id, name: appFileName(id), content });
  const { entities, userEntity } = await loadEntitySchemas(db, app.id);
  return {
    id: app.id,
    versionId,
    slug: app.slug,
    name: app.name,
    layout: groups.layout.find((f) => f.id.startsWith("layout.")) ?? null,
    globals_css: groups.styles.find((f) => f.id === "globals.css") ?? null,
    pages: groups.pages,
    components: groups.components,
    services: groups.services,
    entities,
    user_entity: userEntity,
    mainPage: readSpaceAppSettings(app.data).mainPage,
  };
}
