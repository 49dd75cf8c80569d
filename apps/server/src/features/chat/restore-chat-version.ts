import { AppError, CHAT_MESSAGES, type RestoreVersionResult } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { announceAppChange } from "../entities/announce-app-change.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";

/**
 * 'Revert to this version?' (spec section 4 "Revert"): a new draft version with the files
 * and entity schemas of `versionId` (entities created later lose their schema; their rows
 * stay stored, and come back if the entity is created again), every message from
 * `messageId` on removed, and that message's text returned for the chat input. The new
 * version is compiled so the preview can reload at once.
 */
export async function restoreChatVersion(options: {
  deps: Pick<Deps, "db" | "vendor">;
  appId: string;
  versionId: string;
  messageId: string;
  userId: string;
}): Promise<RestoreVersionResult> {
  const { deps, appId } = options;
  const message = await deps.db
    .selectFrom("chat_messages")
    .select(["seq", "content", "role"])
    .where("id", "=", options.messageId)
    .where("appId", "=", appId)
    .executeTakeFirst();
  if (!message) throw new AppError("NOT_FOUND", "Message not found");
  const version = await deps.db
    .selectFrom("app_versions")
    .select(["id", "entities"])
    .where("id", "=", options.versionId)
    .where("appId", "=", appId)
    .executeTakeFirst();
  if (!version) throw new AppError("NOT_FOUND", "Version not found");
  const busy = await deps.db
    .selectFrom("chat_messages")
    .select("id")
    .where("appId", "=", appId)
    .where("status", "=", "in_progress")
    .executeTakeFirst();
  if (busy) throw new AppError("CONFLICT", CHAT_MESSAGES.busy);

  const files = await loadVersionFiles(deps.db, version.id);
  let removedMessageIds: string[] = [];
  const created = await createAppVersion({
    db: deps.db,
    appId,
    source: "restore",
    createdBy: options.userId,
    change: (draft) => {
      draft.clear();
      for (const [id, content] of files) draft.set(id, content);
    },
    prepare: async (trx) => {
      const names = Object.keys(version.entities);
      let gone = trx.deleteFrom("entity_schemas").where("appId", "=", appId);
      if (names.length > 0) gone = gone.where("name", "not in", names);
      await gone.execute();
      for (const [name, schema] of Object.entries(version.entities)) {
        await trx
          .insertInto("entity_schemas")
          .values({ appId, name, schema: JSON.stringify(schema) })
          .onConflict((oc) =>
            oc.columns(["appId", "name"]).doUpdateSet((eb) => ({
              schema: eb.ref("excluded.schema"),
              version: eb(eb.ref("entity_schemas.version"), "+", 1),
              updatedAt: new Date(),
            })),
          )
          .execute();
      }
      await announceAppChange(trx, appId);
      const removed = await trx
        .deleteFrom("chat_messages")
        .where("appId", "=", appId)
        .where("seq", ">=", message.seq)
        .returning("id")
        .execute();
      removedMessageIds = removed.map((r) => r.id);
    },
  });
  await compileVersion({ db: deps.db, vendor: deps.vendor.manifest, versionId: created.versionId });
  return { versionId: created.versionId, restoredText: message.content, removedMessageIds };
}
