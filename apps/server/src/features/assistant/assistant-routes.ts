import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  type AssistantMessage,
  type AssistantStreamEvent,
  assistantConversationSchema,
  sendAssistantMessageBodySchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import { streamLiveRecord } from "../../background/stream-live-record.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { clientIp } from "../../http/client-ip.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { takeWatchSlot } from "../runs/take-watch-slot.ts";
import { loadAssistantApp } from "./load-assistant-app.ts";
import { startAssistantTurn } from "./start-assistant-turn.ts";
import { toAssistantMessage } from "./to-assistant-message.ts";

const tags = ["Chat assistant"];
const id = z.string().min(1).max(100);
const sse = {
  200: { description: "text/event-stream of start / update / done events (assistantStreamEventSchema)" },
};

/** Streams one reply until it is ready or failed (the whole message in every event). */
function streamReply(
  c: Context<AppEnv>,
  deps: Pick<Deps, "db" | "assistant">,
  appId: string,
  messageId: string,
  first?: AssistantStreamEvent,
  onClose?: () => void,
): Response {
  let lastLength = -1;
  return streamLiveRecord<AssistantMessage>({
    c,
    hub: deps.assistant,
    id: messageId,
    load: async () => {
      const row = await deps.db
        .selectFrom("assistant_messages")
        .selectAll()
        .where("id", "=", messageId)
        .where("appId", "=", appId)
        .where("role", "=", "assistant")
        .executeTakeFirst();
      return row ? toAssistantMessage(row) : null;
    },
    isFinal: (message) => message.status !== "in_progress",
    eventOf: (message, final) => {
      if (!final && message.content.length === lastLength) return null;
      lastLength = message.content.length;
      return { type: final ? "done" : "update", message } satisfies AssistantStreamEvent;
    },
    ...(first ? { first } : {}),
    missing: () => ({ type: "error", message: "This message does not exist" }),
    ...(onClose ? { onClose } : {}),
  });
}

/**
 * The chat assistant of a published generated app, for its end users (anonymous, or signed
 * in with the app's token): send a message (the reply streams and goes on if the client
 * leaves), read a conversation, watch a reply again.
 */
export function assistantRoutes(deps: Deps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/live_api/apps/{appId}/assistant/messages",
      tags,
      summary:
        "Send the assistant a message (a new conversation without conversationId); the reply streams as SSE",
      request: { params: z.object({ appId: id }), body: jsonBody(sendAssistantMessageBodySchema) },
      responses: { ...sse, ...errorResponses(400, 403, 404, 409, 429, 503) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const turn = await startAssistantTurn({
        deps,
        appId,
        body: c.req.valid("json"),
        ip: clientIp(c, deps.config.trustProxyHops),
        headers: c.req.raw.headers,
      });
      return streamReply(c, deps, appId, turn.message.id, { type: "start", ...turn });
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/live_api/apps/{appId}/assistant/conversations/{conversationId}",
      tags,
      summary: "A conversation's messages, oldest first (its id is the only key to it)",
      request: { params: z.object({ appId: id, conversationId: id }) },
      responses: { 200: jsonResponse(assistantConversationSchema, "Conversation"), ...errorResponses(404) },
    }),
    async (c) => {
      const { appId, conversationId } = c.req.valid("param");
      await loadAssistantApp(deps.db, appId);
      const rows = await deps.db
        .selectFrom("assistant_messages")
        .selectAll()
        .where("appId", "=", appId)
        .where("conversationId", "=", conversationId)
        .orderBy("createdAt")
        .limit(500)
        .execute();
      if (rows.length === 0) throw new AppError("NOT_FOUND", "This conversation does not exist");
      return c.json({ conversationId, messages: rows.map(toAssistantMessage) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/live_api/apps/{appId}/assistant/messages/{messageId}/events",
      tags,
      summary: "Watch a reply until it is ready or failed (a reloaded tab resumes here)",
      request: { params: z.object({ appId: id, messageId: id }) },
      responses: { ...sse, ...errorResponses(404, 429) },
    }),
    async (c) => {
      const { appId, messageId } = c.req.valid("param");
      const release = takeWatchSlot(clientIp(c, deps.config.trustProxyHops));
      try {
        const exists = await deps.db
          .selectFrom("assistant_messages")
          .select("id")
          .where("id", "=", messageId)
          .where("appId", "=", appId)
          .where("role", "=", "assistant")
          .executeTakeFirst();
        if (!exists) throw new AppError("NOT_FOUND", "This message does not exist");
      } catch (error) {
        release();
        throw error;
      }
      return streamReply(c, deps, appId, messageId, undefined, release);
    },
  );

  return router;
}
