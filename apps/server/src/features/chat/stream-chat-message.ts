import type { ChatMessage, ChatStreamEvent } from "@liftoff/domain";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { detached } from "../../background/detached.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { forViewer, toChatMessage } from "./to-chat-message.ts";

/** Fallback read of the stored message: generations on another instance reach us this way. */
export const CHAT_WATCH_POLL_MS = 1_000;
const HEARTBEAT_MS = 15_000;

/**
 * Streams one assistant message as Server-Sent Events until it is ready or failed: the
 * `start` event when given (the POST that created it), then `update` for every growth and
 * one `done`. Each event carries the whole message, so a tab that joins late or reconnects
 * needs nothing else. Growth comes from this process's hub, and from the database every
 * CHAT_WATCH_POLL_MS for a generation running elsewhere. Closing the stream never stops the
 * generation.
 */
export function streamChatMessage(options: {
  c: Context<AppEnv>;
  deps: Pick<Deps, "db" | "chat">;
  appId: string;
  messageId: string;
  admin: boolean;
  start?: Extract<ChatStreamEvent, { type: "start" }>;
}): Response {
  const { c, deps, messageId, admin } = options;
  return streamSSE(c, async (stream) => {
    let finished = false;
    let lastSent = "";
    let wake: () => void = () => {};
    const send = async (event: ChatStreamEvent) => {
      if (finished) return;
      if (event.type === "done") finished = true;
      await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
    };
    const deliver = async (message: ChatMessage) => {
      const shown = forViewer(message, admin);
      const key = `${shown.status}|${shown.content.length}|${JSON.stringify(shown.actions.map((a) => a.status))}|${shown.toolInvocations.length}|${shown.parts.length}`;
      if (key === lastSent && shown.status === "in_progress") return;
      lastSent = key;
      await send({ type: shown.status === "in_progress" ? "update" : "done", message: shown });
      if (finished) wake();
    };
    const load = async () => {
      const row = await deps.db
        .selectFrom("chat_messages")
        .selectAll()
        .where("id", "=", messageId)
        .where("appId", "=", options.appId)
        .executeTakeFirst();
      return row ? toChatMessage(row, { admin: true }) : null;
    };

    let queue = Promise.resolve();
    const enqueue = (message: ChatMessage) => {
      queue = queue.then(() => deliver(message)).catch(() => {});
    };
    const unsubscribe = deps.chat.subscribe(messageId, enqueue);
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const poll = setInterval(
      detached(
        "chat message poll",
        async () => {
          if (deps.chat.running.has(messageId)) return; // the hub delivers it
          const m = await load();
          if (m) enqueue(m);
        },
        { messageId },
      ),
      CHAT_WATCH_POLL_MS,
    );
    try {
      if (options.start) await send(options.start);
      const current = await load();
      if (!current) {
        await send({
          type: "done",
          message: { ...(options.start?.message as ChatMessage), status: "failed" },
        });
      } else enqueue(current);
      await new Promise<void>((resolve) => {
        wake = resolve;
        stream.onAbort(resolve);
        if (finished) resolve();
      });
      await queue;
    } finally {
      clearInterval(heartbeat);
      clearInterval(poll);
      unsubscribe();
    }
  });
}
