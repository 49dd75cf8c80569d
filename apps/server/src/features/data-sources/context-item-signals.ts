import type { ChangeBus } from "../../realtime/change-bus.ts";

/**
 * Context item changes travel on the entity change bus (in process, and through
 * LISTEN/NOTIFY across instances) under a topic no entity can have: entity names never
 * contain NUL. The signal carries only the item id; watchers read the row themselves.
 */
export const CONTEXT_ITEMS_TOPIC = "\u0000context_items";

export function publishContextItemChange(bus: ChangeBus, appId: string, itemId: string): Promise<void> {
  return bus.publish({ appId, entity: CONTEXT_ITEMS_TOPIC, seq: itemId });
}

export function subscribeContextItems(
  bus: ChangeBus,
  appId: string,
  listener: (itemId: string) => void,
): () => void {
  return bus.subscribe(appId, CONTEXT_ITEMS_TOPIC, (signal) => listener(signal.seq));
}
