import type { ContextItemEvent, ContextItemStatus } from "@liftoff/domain";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { detached } from "../../background/detached.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { subscribeContextItems } from "./context-item-signals.ts";
import { listContextItems } from "./list-context-items.ts";
import { toContextItem } from "./to-context-item.ts";

const HEARTBEAT_MS = 15_000;

/**
 * Live context items of an app (spec section 4: "status changes arrive live by app and
 * status"): a snapshot of the list, then every change as it is committed, from this
 * instance or another (the change bus carries only the item id; the row is read here, for
 * an app the caller was allowed to manage when the stream opened). With `status`, items
 * that leave it are sent as removed.
 */
export function streamContextItems(options: {
  c: Context<AppEnv>;
  deps: Pick<Deps, "db" | "bus">;
  managed: ManagedApp;
  status?: ContextItemStatus | undefined;
}): Response {
  const { c, deps, managed, status } = options;
  const appId = managed.app.id;
  return streamSSE(c, async (stream) => {
    const send = (event: ContextItemEvent) =>
      stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
    let queue = Promise.resolve();
    let failed: (error: unknown) => void = () => {};
    const ended = new Promise<void>((resolve, reject) => {
      stream.onAbort(resolve);
      failed = reject;
    });
    ended.catch(() => {});
    const onChange = detached(
      "context item stream",
      (itemId: string) => {
        queue = queue
          .then(async () => {
            const row = await deps.db
              .selectFrom("context_items")
              .selectAll()
              .where("id", "=", itemId)
              .where("appId", "=", appId)
              .executeTakeFirst();
            if (!row || (status && row.status !== status)) await send({ type: "removed", itemId });
            else await send({ type: "item", item: toContextItem(row) });
          })
          .catch(failed);
      },
      { appId },
    );
    // Subscribed before the snapshot is read, so no change falls between the two.
    const unsubscribe = subscribeContextItems(deps.bus, appId, onChange);
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    try {
      const list = await listContextItems({ deps, managed, status });
      await send({ type: "snapshot", ...list });
      await ended;
    } catch (error) {
      log.warn("context item stream ended", { appId, error });
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}
