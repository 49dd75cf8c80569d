import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  chatHistorySchema,
  chatUsageSummarySchema,
  planIdSchema,
  planLimits,
  restoreVersionBodySchema,
  restoreVersionResultSchema,
  sendChatBodySchema,
  validateRepairBodySchema,
  validationResultSchema,
} from "@liftoff/domain";
import type { Context } from "hono";
import { NO_AI_MODEL_MESSAGE } from "../../ai/create-ai-service.ts";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireAdmin, requireSession } from "../../http/require-session.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { restoreChatVersion } from "./restore-chat-version.ts";
import { startChatTurn } from "./start-chat-turn.ts";
import { streamChatMessage } from "./stream-chat-message.ts";
import { summarizeChatUsage } from "./summarize-chat-usage.ts";
import { toChatMessage } from "./to-chat-message.ts";
import { validateAndRepair } from "./validate-and-repair.ts";

const tags = ["Builder chat"];
const params = z.object({ appId: z.string().min(1).max(100) });
const messageParams = params.extend({ messageId: z.string().min(1).max(100) });
const versionParams = params.extend({ versionId: z.string().min(1).max(100) });
const sse = {
  200: { description: "text/event-stream of start / update / done events (chatStreamEventSchema)" },
};

/** The builder chat of space apps: history, sending (streamed), watching, revert, validate-repair, usage. */
export function chatRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const managed = async (c: Context<AppEnv>, appId: string) => {
    const session = requireSession(c);
    const found = await findManagedApp(deps, session, appId, { spaceOnly: true });
    return { session, ...found };
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/chat/messages",
      tags,
      summary: "The chat's messages (oldest first), whether a model is configured, and the message counter",
      request: { params },
      responses: { 200: jsonResponse(chatHistorySchema, "History"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const { session, isPlatformAdmin } = await managed(c, appId);
      const rows = await deps.db
        .selectFrom("chat_messages")
        .selectAll()
        .where("appId", "=", appId)
        .orderBy("seq")
        .execute();
      const account = await deps.db
        .selectFrom("accounts")
        .select(["plan", "builderChatMessagesUsed"])
        .where("userId", "=", session.user.id)
        .executeTakeFirst();
      const plan = account?.plan ? planIdSchema.catch("lite").parse(account.plan) : null;
      return c.json(
        {
          messages: rows.map((row) => toChatMessage(row, { admin: isPlatformAdmin })),
          aiConfigured: deps.ai.config !== null,
          setupMessage: deps.ai.config ? null : NO_AI_MODEL_MESSAGE,
          usage: {
            builderChatMessagesUsed: account?.builderChatMessagesUsed ?? 0,
            builderChatMessagesTotal: planLimits(plan).builderChatMessagesTotal,
          },
        },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/chat",
      tags,
      summary: "Send a message; the reply streams as Server-Sent Events and goes on if the client leaves",
      request: { params, body: jsonBody(sendChatBodySchema) },
      responses: { ...sse, ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const body = c.req.valid("json");
      const { session, isPlatformAdmin } = await managed(c, appId);
      const { userMessage, message } = await startChatTurn({
        deps,
        appId,
        userId: session.user.id,
        isAdmin: isPlatformAdmin,
        body: { content: body.content, attachments: body.attachments, errors: body.errors },
      });
      return streamChatMessage({
        c,
        deps,
        appId,
        messageId: message.id,
        admin: isPlatformAdmin,
        start: { type: "start", userMessage, message },
      });
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/chat/messages/{messageId}/events",
      tags,
      summary: "Watch a message until it is ready or failed (a reloaded or second tab resumes here)",
      request: { params: messageParams },
      responses: { ...sse, ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { appId, messageId } = c.req.valid("param");
      const { isPlatformAdmin } = await managed(c, appId);
      return streamChatMessage({ c, deps, appId, messageId, admin: isPlatformAdmin });
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/versions/{versionId}/restore",
      tags,
      summary: "Revert to a version: files and entity schemas restored, messages from messageId on removed",
      request: { params: versionParams, body: jsonBody(restoreVersionBodySchema) },
      responses: {
        200: jsonResponse(restoreVersionResultSchema, "Restored"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { appId, versionId } = c.req.valid("param");
      const { session } = await managed(c, appId);
      const result = await restoreChatVersion({
        deps,
        appId,
        versionId,
        messageId: c.req.valid("json").messageId,
        userId: session.user.id,
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/apps/{appId}/versions/{versionId}/validate-repair",
      tags,
      summary:
        "Run the validators on a version, repair what is certain, and give the model one round for the rest",
      request: { params: versionParams, body: jsonBody(validateRepairBodySchema) },
      responses: {
        200: jsonResponse(validationResultSchema, "Validation result"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { appId, versionId } = c.req.valid("param");
      const { session } = await managed(c, appId);
      const version = await deps.db
        .selectFrom("app_versions")
        .select("id")
        .where("id", "=", versionId)
        .where("appId", "=", appId)
        .executeTakeFirst();
      if (!version) throw new AppError("NOT_FOUND", "Version not found");
      // The message the admin clicked on must be one of this app's: another app's id is a
      // 404, never a result that seems to be about it.
      const message = await deps.db
        .selectFrom("chat_messages")
        .select("id")
        .where("id", "=", c.req.valid("json").messageId)
        .where("appId", "=", appId)
        .executeTakeFirst();
      if (!message) throw new AppError("NOT_FOUND", "Message not found");
      const { usage: _usage, ...result } = await validateAndRepair({
        deps,
        appId,
        versionId,
        userId: session.user.id,
        useModel: true,
      });
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/apps/{appId}/chat/usage",
      tags,
      summary: "Token usage of the app's chat and of the caller's account (platform admins)",
      request: { params },
      responses: { 200: jsonResponse(chatUsageSummarySchema, "Usage"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { appId } = c.req.valid("param");
      const session = requireAdmin(c, deps);
      await findManagedApp(deps, session, appId, { spaceOnly: true });
      return c.json(await summarizeChatUsage({ deps, appId, userId: session.user.id }), 200);
    },
  );

  return router;
}
