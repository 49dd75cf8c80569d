import {
  canReadRow,
  type EntityCaller,
  type FilterNode,
  markScalarFields,
  matchesFilter,
  parseFilterParam,
} from "@liftoff/domain";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { detached } from "../../background/detached.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import type { EntityRecord } from "./entity-record.ts";
import { loadEntity } from "./load-entity.ts";

/** How far back a reconnecting client may resume (older events are not replayed). */
export const RESUME_MAX_EVENTS = 1000;
export const HEARTBEAT_MS = 25_000;

/**
 * Live changes of one entity as Server-Sent Events. Every event is checked against the
 * subscriber's read permission and optional filter before it is sent; ids are the change
 * log's sequence numbers, so a client reconnecting with Last-Event-ID gets exactly the
 * events it missed (within RESUME_MAX_EVENTS), with no duplicates.
 */
export async function streamEntityChanges(options: {
  c: Context<AppEnv>;
  deps: Pick<Deps, "db" | "bus">;
  caller: EntityCaller;
  appId: string;
  entity: string;
  q?: string | undefined;
  /**
   * The last change the client saw (Last-Event-ID or ?lastEventId=), already validated at
   * the edge (changeResumeIdSchema): undefined or empty starts at the latest change.
   */
  resumeFrom?: string | undefined;
}): Promise<Response> {
  const { c, deps, caller, appId, entity } = options;
  const loaded = await loadEntity(deps.db, appId, entity);
  const filter: FilterNode | null = options.q
    ? markScalarFields(parseFilterParam(options.q), loaded.scalarPaths)
    : null;
  let cursor = options.resumeFrom ? BigInt(options.resumeFrom) : await latestSeq(deps, appId, entity);

  return streamSSE(c, async (stream) => {
    let running = false;
    let again = false;
    // One reader at a time; signals that arrive meanwhile trigger one more pass.
    const pump = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const changes = await deps.db
            .selectFrom("entity_changes")
            .select(["seq", "op", "row", "creatorId"])
            .where("appId", "=", appId)
            .where("entity", "=", entity)
            .where("seq", ">", String(cursor))
            .orderBy("seq")
            .limit(RESUME_MAX_EVENTS)
            .execute();
          for (const change of changes) {
            cursor = BigInt(change.seq);
            const record = change.row as EntityRecord | null;
            if (!record || !canReadRow(loaded.permissions.read, caller, change.creatorId)) continue;
            if (filter && !matchesFilter(toFilterRow(record), filter)) continue;
            await stream.writeSSE({ id: String(change.seq), event: change.op, data: JSON.stringify(record) });
          }
          if (changes.length === RESUME_MAX_EVENTS) again = true;
        } while (again && !stream.aborted);
      } finally {
        running = false;
      }
    };
    // A change arrives outside any request: a failed read (the database gone, a bug) is
    // logged and ends this stream — the client reconnects with its Last-Event-ID — and never
    // reaches the process as an unhandled rejection.
    let failed: (error: unknown) => void = () => {};
    const ended = new Promise<void>((resolve, reject) => {
      stream.onAbort(resolve);
      failed = reject;
    });
    ended.catch(() => {}); // handled below; a failure before that await must not go unhandled
    const onChange = detached("entity change stream", () => pump().catch(failed), { appId, entity });
    const unsubscribe = deps.bus.subscribe(appId, entity, onChange);
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    try {
      await stream.writeSSE({ event: "ready", data: JSON.stringify({ entity, cursor: String(cursor) }) });
      await pump();
      // Keep the response open until the client goes away (or a later read fails).
      await ended;
    } catch (error) {
      log.error("entity change stream failed", { appId, entity, error });
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}

async function latestSeq(deps: Pick<Deps, "db">, appId: string, entity: string): Promise<bigint> {
  const row = await deps.db
    .selectFrom("entity_changes")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("appId", "=", appId)
    .where("entity", "=", entity)
    .executeTakeFirst();
  return row?.seq ? BigInt(row.seq) : 0n;
}

function toFilterRow(record: EntityRecord) {
  const { id, createdAt, updatedAt, creatorId, ...data } = record;
  return { id, createdAt, updatedAt, creatorId, data };
}
