import { ensureEntityIndexes } from "@liftoff/db";
import { APP_HAS_CODE_MESSAGE, AppError, type FillAppFromTemplateResponse } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { bulkCreateEntityRows } from "../entities/bulk-create-entity-rows.ts";
import { saveEntitySchema } from "../entities/save-entity-schema.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import { readStarterState } from "../space-apps/read-starter-state.ts";
import type { LoadedTemplate } from "./load-templates.ts";
import { resolveRelativeDates } from "./resolve-relative-dates.ts";

/**
 * "Use a template" inside an app that has no code of its own yet (none, or only its starter
 * page): the template's files, entities and settings become a new draft version of THIS
 * app, instead of a second app that the plan may not allow (issue 13).
 *
 * An app with code of its own is refused (409) rather than overwritten; its builder can
 * start the template as a new app instead. The starter check and the write share one base
 * version, so a save that lands in between makes the fill fail as stale instead of being
 * replaced. Schemas and settings are written in the version's transaction (all or nothing);
 * sample records after commit, as the chat does (data is not versioned).
 */
export async function fillAppFromTemplate(options: {
  deps: Pick<Deps, "db" | "bus" | "vendor">;
  appId: string;
  userId: string;
  template: LoadedTemplate;
  now?: Date;
}): Promise<FillAppFromTemplateResponse> {
  const { deps, appId, userId, template } = options;
  const { db } = deps;
  const { manifest } = template;
  const state = await readStarterState(db, appId);
  if (!state.starterOnly) throw new AppError("CONFLICT", APP_HAS_CODE_MESSAGE, { reason: "app_has_code" });

  const { versionId } = await createAppVersion({
    db,
    appId,
    baseVersionId: state.draftVersionId,
    source: "template",
    createdBy: userId,
    change: (files) => {
      // The starter page goes: the template brings its own pages and main page.
      files.clear();
      for (const [id, content] of Object.entries(template.files)) files.set(id, content);
    },
    prepare: async (trx) => {
      const names = manifest.entities.map((entity) => entity.name);
      if (names.length > 0) {
        const taken = await trx
          .selectFrom("entity_schemas")
          .select("name")
          .where("appId", "=", appId)
          .where("name", "in", names)
          .execute();
        if (taken.length > 0)
          throw new AppError(
            "CONFLICT",
            `This app already has an entity named ${taken[0]?.name}. Delete it in the Database panel first, or start the template as a new app.`,
            { reason: "entity_exists" },
          );
      }
      for (const entity of manifest.entities)
        await saveEntitySchema({
          db: trx,
          appId,
          name: entity.name,
          schema: entity.schema,
          skipIndexes: true,
        });
      const app = await trx
        .selectFrom("apps")
        .select("data")
        .where("id", "=", appId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("apps")
        .set({ data: JSON.stringify(mergeTemplateSettings(app.data, template)) })
        .where("id", "=", appId)
        .execute();
    },
  });

  for (const entity of manifest.entities) {
    if (entity.schema.indexes?.length)
      await ensureEntityIndexes(db, entity.schema.indexes).catch((error) =>
        log.warn("template: building declared indexes failed", { appId, entity: entity.name, error }),
      );
  }
  const now = options.now ?? new Date();
  for (const entity of manifest.entities) {
    if (entity.records.length === 0) continue;
    await bulkCreateEntityRows({
      deps,
      caller: { kind: "builder", userId },
      appId,
      entity: entity.name,
      inputs: entity.records.map((record) => resolveRelativeDates(record, now)),
    });
  }
  // Compiled now, so the preview reloads onto a ready build.
  await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  return { versionId, mainPage: manifest.mainPage };
}

/**
 * The app's settings after the fill. The main page must be the template's (the starter's
 * page is gone); sign-up is turned on when the template needs it and never turned off; the
 * description keeps what the builder already wrote and takes the template's only where the
 * app has none. Legal links and the support e-mail stay the builder's (templates have none).
 */
function mergeTemplateSettings(
  data: Record<string, unknown>,
  template: LoadedTemplate,
): Record<string, unknown> {
  const { manifest } = template;
  const merged: Record<string, unknown> = { ...data, mainPage: manifest.mainPage };
  const empty = (key: string) => typeof data[key] !== "string" || data[key] === "";
  if (empty("description")) merged.description = manifest.description;
  merged.isSignupEnabled = data.isSignupEnabled === true || manifest.settings.isSignupEnabled;
  return merged;
}
