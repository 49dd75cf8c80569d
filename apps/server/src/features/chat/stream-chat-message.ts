import type { ChatMessage, ChatStreamEvent } from "@liftoff/domain";
import type { Context } from "hono";
import { streamLiveRecord } from "../../background/stream-live-record.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { forViewer, toChatMessage } from "./to-chat-message.ts";

/**
 * Streams one assistant message as Server-Sent Events until it is ready or failed: the
 * `start` event when given (the POST that created it), then `update` for every growth and
 * one `done`, each with the whole message as this viewer may see it (streamLiveRecord).
 */
export function streamChatMessage(options: {
  c: Context<AppEnv>;
  deps: Pick<Deps, "db" | "chat">;
  appId: string;
  messageId: string;
  admin: boolean;
  start?: Extract<ChatStreamEvent, { type: "start" }>;
}): Response {
  const { deps, messageId, admin } = options;
  let lastSent = "";
  return streamLiveRecord<ChatMessage>({
    c: options.c,
    hub: deps.chat,
    id: messageId,
    load: async () => {
      const row = await deps.db
        .selectFrom("chat_messages")
        .selectAll()
        .where("id", "=", messageId)
        .where("appId", "=", options.appId)
        .executeTakeFirst();
      return row ? toChatMessage(row, { admin: true }) : null;
    },
    isFinal: (message) => message.status !== "in_progress",
    eventOf: (message, final) => {
      const shown = forViewer(message, admin);
      // Only what this viewer sees counts as a change.
      const key = `${shown.status}|${shown.content.length}|${JSON.stringify(shown.actions.map((a) => a.status))}|${shown.toolInvocations.length}|${shown.parts.length}`;
      if (key === lastSent && !final) return null;
      lastSent = key;
      return { type: final ? "done" : "update", message: shown } satisfies ChatStreamEvent;
    },
    ...(options.start ? { first: options.start } : {}),
    missing: () =>
      ({
        type: "done",
        message: { ...(options.start?.message as ChatMessage), status: "failed" },
      }) satisfies ChatStreamEvent,
  });
}
