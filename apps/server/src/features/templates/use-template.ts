import type { UseTemplateResponse } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { createApp } from "../apps/create-app.ts";
import { bulkCreateEntityRows } from "../entities/bulk-create-entity-rows.ts";
import { saveEntitySchema } from "../entities/save-entity-schema.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import type { LoadedTemplate } from "./load-templates.ts";
import { resolveRelativeDates } from "./resolve-relative-dates.ts";

/**
 * Copies a template into a new space app owned by the caller: the app (within the plan's
 * limits, through the same createApp as a blank app), its entities with the sample
 * records (created as the owner, so 'creator' rules show them to the owner), the app
 * settings, and the first version holding the template's files, compiled. The steps write through
 * the features that own them, each in its own transaction, so a failure part-way deletes
 * the half-made app rather than leave it behind.
 */
export async function useTemplate(options: {
  deps: Pick<Deps, "db" | "bus" | "vendor">;
  userId: string;
  template: LoadedTemplate;
  now?: Date;
}): Promise<UseTemplateResponse> {
  const { deps, userId, template } = options;
  const { db } = deps;
  const { manifest } = template;
  const app = await createApp({ db, userId, kind: "space", name: manifest.name });
  try {
    const now = options.now ?? new Date();
    for (const entity of manifest.entities) {
      await saveEntitySchema({ db, appId: app.id, name: entity.name, schema: entity.schema });
      await bulkCreateEntityRows({
        deps,
        caller: { kind: "builder", userId },
        appId: app.id,
        entity: entity.name,
        inputs: entity.records.map((record) => resolveRelativeDates(record, now)),
      });
    }
    // Settings first: the version's compile reads the main page from apps.data.
    const current = await db
      .selectFrom("apps")
      .select("data")
      .where("id", "=", app.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("apps")
      .set({
        data: JSON.stringify({
          ...current.data,
          mainPage: manifest.mainPage,
          ...manifest.settings,
          description: manifest.description,
        }),
      })
      .where("id", "=", app.id)
      .execute();
    const { versionId } = await createAppVersion({
      db,
      appId: app.id,
      source: "template",
      createdBy: userId,
      change: (files) => {
        for (const [id, content] of Object.entries(template.files)) files.set(id, content);
      },
    });
    // Compiled now, so the builder's preview opens on a ready build.
    await compileVersion({ db, vendor: deps.vendor.manifest, versionId });
  } catch (error) {
    log.error("using a template failed; removing the partial app", {
      template: manifest.id,
      appId: app.id,
      error,
    });
    await db.deleteFrom("apps").where("id", "=", app.id).execute();
    throw error;
  }
  return { appId: app.id, slug: app.slug };
}
