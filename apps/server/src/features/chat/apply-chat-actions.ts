import { applyEdit, askForWholeFile, type TokenUsage } from "@liftoff/ai";
import { ensureEntityIndexes } from "@liftoff/db";
import {
  AppError,
  appFileIdSchema,
  type ChatAction,
  type EntitySchema,
  entitySchemaSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { bulkCreateEntityRows } from "../entities/bulk-create-entity-rows.ts";
import { saveEntitySchema } from "../entities/save-entity-schema.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";
import { readStarterState } from "../space-apps/read-starter-state.ts";

/** insert_entity_records / import_entities: rows one action may add. */
export const CHAT_RECORDS_MAX = 200;

export type AppliedActions = {
  /** The new draft version, or null when no action changed files or schemas. */
  versionId: string | null;
  actions: ChatAction[];
  /** Tokens spent asking the model for whole files after failed edits. */
  extraUsage: TokenUsage;
};

type ApplyOptions = {
  deps: Pick<Deps, "db" | "bus" | "ai">;
  appId: string;
  userId: string;
  actions: readonly ChatAction[];
  abortSignal?: AbortSignal;
};

type Planned = { action: ChatAction; apply: "file" | "delete" | "schema" | "records" | null };

/**
 * Applies one assistant message's complete actions as ONE new app version: file writes,
 * edits (search/replace, or the whole file the model is asked for once when a search does
 * not match), deletions and entity schemas go into the version's transaction together;
 * sample records are inserted after it commits (records are data, not versioned, and a
 * revert keeps them). Each action gets status applied or failed with a reason; a failed
 * action never blocks the others. A save by someone else in between makes the version
 * creation conflict; it is retried once on the new draft.
 */
export async function applyChatActions(options: ApplyOptions): Promise<AppliedActions> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyOnce(options);
    } catch (error) {
      if (attempt === 0 && error instanceof AppError && error.code === "CONFLICT") continue;
      throw error;
    }
  }
}

async function applyOnce(options: ApplyOptions): Promise<AppliedActions> {
  const { deps, appId } = options;
  const app = await deps.db
    .selectFrom("apps")
    .select(["draftVersionId"])
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  const base = app.draftVersionId;
  const files = base ? await loadVersionFiles(deps.db, base) : new Map<string, string>();
  const extraUsage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const fileWrites = new Map<string, string | null>();
  const schemas: { name: string; schema: Record<string, unknown> }[] = [];
  const planned: Planned[] = [];
  const fail = (action: ChatAction, error: string): Planned => ({
    action: { ...action, status: "failed", error },
    apply: null,
  });

  for (const action of options.actions) {
    if (!action.complete) {
      planned.push(fail(action, action.truncated ? "Cut off before it ended" : "Not finished"));
      continue;
    }
    switch (action.type) {
      case "add_file":
      case "edit_file":
      case "delete_file": {
        const fileId = checkFileId(action.file);
        if (typeof fileId !== "string") {
          planned.push(fail(action, fileId.error));
          break;
        }
        if (action.type === "delete_file") {
          if (!(fileWrites.has(fileId) ? fileWrites.get(fileId) !== null : files.has(fileId))) {
            planned.push(fail(action, `There is no file ${fileId}`));
            break;
          }
          fileWrites.set(fileId, null);
          planned.push({ action, apply: "delete" });
          break;
        }
        const current = fileWrites.has(fileId) ? (fileWrites.get(fileId) ?? "") : (files.get(fileId) ?? "");
        let content: string | null = action.content;
        if (action.type === "edit_file") {
          const edit = applyEdit(current, action.content);
          if (edit.ok) content = edit.content;
          else
            content = await wholeFileAfterFailedEdit(
              options,
              fileId,
              current,
              action.content,
              edit.reason,
              extraUsage,
            );
          if (content === null) {
            planned.push(fail(action, edit.ok ? "Empty edit" : edit.reason));
            break;
          }
        }
        fileWrites.set(fileId, ensureNewline(content));
        planned.push({ action, apply: "file" });
        break;
      }
      case "add_entity":
      case "edit_entity": {
        const schema = entitySchemaOf(action);
        if ("error" in schema) planned.push(fail(action, schema.error));
        else {
          schemas.push(schema);
          planned.push({ action, apply: "schema" });
        }
        break;
      }
      case "insert_entity_records":
      case "import_entities":
        planned.push({ action, apply: "records" });
        break;
      default:
        planned.push(fail(action, "Unknown action type"));
    }
  }

  // A schema that does not parse fails alone (checked before saveEntitySchema, which would
  // throw and roll back the whole version).
  const accepted = new Set<string>();
  let versionId: string | null = null;
  const changesSomething = fileWrites.size > 0 || schemas.length > 0;
  if (changesSomething) {
    // The first turn that writes a page into a blank app replaces its starter page: the
    // starter is a placeholder, and left behind it would stay the main page ('Home') in
    // front of what the builder asked for. A turn that edits the starter itself keeps it.
    const writesPage = [...fileWrites].some(([id, content]) => content !== null && id.startsWith("pages/"));
    const starter = writesPage ? await readStarterState(deps.db, appId) : null;
    const replaceStarter = starter?.starterOnly === true && starter.draftVersionId === base;
    const schemaErrors = new Map<string, string>();
    const result = await createAppVersion({
      db: deps.db,
      appId,
      baseVersionId: base,
      source: "chat",
      createdBy: options.userId,
      change: (draft) => {
        if (replaceStarter) for (const id of [...draft.keys()]) if (!fileWrites.has(id)) draft.delete(id);
        for (const [id, content] of fileWrites) {
          if (content === null) draft.delete(id);
          else draft.set(id, content);
        }
      },
      prepare: async (trx) => {
        for (const { name, schema } of schemas) {
          const problem = schemaProblem(name, schema);
          if (problem) {
            schemaErrors.set(name, problem);
            continue;
          }
          await saveEntitySchema({ db: trx, appId, name, schema, skipIndexes: true });
          accepted.add(name);
        }
      },
    });
    versionId = result.versionId;
    for (const p of planned) {
      if (p.apply === "schema" && p.action.file && schemaErrors.has(p.action.file)) {
        p.action = { ...p.action, status: "failed", error: schemaErrors.get(p.action.file) as string };
        p.apply = null;
      }
    }
    for (const { name, schema } of schemas) {
      const indexes = (schema as Partial<EntitySchema>).indexes;
      if (accepted.has(name) && indexes?.length)
        await ensureEntityIndexes(deps.db, indexes).catch((error) =>
          log.warn("chat: building declared indexes failed", { appId, name, error }),
        );
    }
  }

  const actions: ChatAction[] = [];
  for (const p of planned) {
    if (p.apply === "records") actions.push(await insertRecords(options, p.action));
    else if (p.apply) actions.push({ ...p.action, status: "applied" });
    else actions.push(p.action);
  }
  return { versionId, actions, extraUsage };
}

function checkFileId(file: string | null): string | { error: string } {
  if (!file) return { error: "The action names no file" };
  if (file.startsWith("entities/")) return { error: "Entities are changed with entity actions, not files" };
  const parsed = appFileIdSchema.safeParse(file);
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? "Invalid file path" };
}

function ensureNewline(content: string): string {
  return content.endsWith("\n") ? content : `${content}\n`;
}

async function wholeFileAfterFailedEdit(
  options: { deps: Pick<Deps, "ai">; abortSignal?: AbortSignal },
  path: string,
  current: string,
  failedEdit: string,
  reason: string,
  usage: TokenUsage,
): Promise<string | null> {
  if (!current) return null;
  const { config, model } = options.deps.ai.require();
  const answer = await askForWholeFile({
    model,
    maxRetries: config.maxRetries,
    temperature: config.temperature,
    path,
    current,
    failedEdit,
    reason,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });
  usage.inputTokens += answer.usage.inputTokens;
  usage.outputTokens += answer.usage.outputTokens;
  usage.cacheReadTokens += answer.usage.cacheReadTokens;
  usage.cacheWriteTokens += answer.usage.cacheWriteTokens;
  return answer.content;
}

/** The schema an entity action carries: its JSON body, named, with the tag's permissions. */
function entitySchemaOf(
  action: ChatAction,
): { name: string; schema: Record<string, unknown> } | { error: string } {
  const name = action.file;
  if (!name) return { error: "The action names no entity" };
  let body: unknown;
  try {
    body = JSON.parse(action.content);
  } catch (error) {
    return { error: `The schema is not valid JSON: ${(error as Error).message}` };
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return { error: "The schema must be a JSON object" };
  const schema: Record<string, unknown> = { type: "object", ...(body as Record<string, unknown>), name };
  if (action.permissions) schema.permissions = action.permissions;
  return { name, schema };
}

/** saveEntitySchema throws on a bad schema; checked first so one bad schema fails alone. */
function schemaProblem(name: string, schema: Record<string, unknown>): string | null {
  const parsed = entitySchemaSchema.safeParse(schema);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `Invalid schema for ${name}: ${issue ? `${issue.path.join(".") || "schema"}: ${issue.message}` : "invalid"}`;
}

async function insertRecords(
  options: { deps: Pick<Deps, "db" | "bus">; appId: string; userId: string },
  action: ChatAction,
): Promise<ChatAction> {
  const entity = action.file;
  if (!entity) return { ...action, status: "failed", error: "The action names no entity" };
  let rows: unknown;
  try {
    rows = JSON.parse(action.content);
  } catch (error) {
    return {
      ...action,
      status: "failed",
      error: `The records are not valid JSON: ${(error as Error).message}`,
    };
  }
  if (!Array.isArray(rows)) return { ...action, status: "failed", error: "The records must be a JSON array" };
  if (rows.length > CHAT_RECORDS_MAX)
    return { ...action, status: "failed", error: `At most ${CHAT_RECORDS_MAX} records per action` };
  try {
    await bulkCreateEntityRows({
      deps: options.deps,
      caller: { kind: "builder", userId: options.userId },
      appId: options.appId,
      entity,
      inputs: rows,
    });
    return { ...action, status: "applied" };
  } catch (error) {
    return { ...action, status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
