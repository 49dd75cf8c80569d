import type { ChatMessage } from "@liftoff/domain";
import { detached } from "../../background/detached.ts";

/**
 * In-process fan-out of chat messages while they are being generated: the generation
 * publishes each growth of its message; the POST that started it and any tab watching the
 * message (GET …/events) listen. Tabs served by another instance poll the database instead
 * (see watchChatMessage), so no cross-instance channel is needed for a few updates a second.
 */
export type ChatHub = {
  publish(message: ChatMessage): void;
  subscribe(messageId: string, listener: (message: ChatMessage) => void): () => void;
  /** Generations running in this process, so shutdown can stop them and mark them failed. */
  running: Map<string, AbortController>;
};

export function createChatHub(): ChatHub {
  const listeners = new Map<string, Set<(message: ChatMessage) => void>>();
  return {
    running: new Map(),
    publish(message) {
      for (const listener of listeners.get(message.id) ?? []) listener(message);
    },
    subscribe(messageId, listener) {
      let set = listeners.get(messageId);
      if (!set) {
        set = new Set();
        listeners.set(messageId, set);
      }
      // Called from the generation, not from the watcher's request: a failing listener is
      // logged and never stops the generation or the other watchers.
      const guarded = detached("chat listener", listener, { messageId });
      set.add(guarded);
      return () => {
        set.delete(guarded);
        if (set.size === 0) listeners.delete(messageId);
      };
    },
  };
}
