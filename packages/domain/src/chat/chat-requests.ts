import { z } from "zod";
import { appErrorSchema } from "../space-apps/runtime-bridge.ts";
import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX_LENGTH } from "./chat-constants.ts";
import { chatAttachmentSchema, chatMessageSchema, usageRecordSchema } from "./chat-message.ts";

/**
 * POST /api/apps/{appId}/chat. The server keeps the history; the client sends only the new
 * user message. `errors` carries the preview's App errors for 'Fix this error' / 'Resolve
 * with AI' (they are written into the message text and cleared when the turn finishes).
 * The reply streams as Server-Sent Events (see chatStreamEventSchema).
 */
export const sendChatBodySchema = z.object({
  content: z.string().trim().min(1, "Type a message").max(CHAT_MESSAGE_MAX_LENGTH),
  attachments: z.array(chatAttachmentSchema).max(CHAT_ATTACHMENTS_MAX).default([]),
  errors: z.array(appErrorSchema).max(50).optional(),
});
export type SendChatBody = z.input<typeof sendChatBodySchema>;

/**
 * Events of the chat stream (POST /chat response, and GET /chat/messages/{id}/events for a
 * tab that watches or resumes an in-progress message). `message` is always the whole
 * message as stored so far: a client that joins late or reconnects needs nothing else.
 */
export const chatStreamEventSchema = z.discriminatedUnion("type", [
  /** The stored user message and the assistant message just created (in_progress). */
  z.object({ type: z.literal("start"), userMessage: chatMessageSchema, message: chatMessageSchema }),
  /** The assistant message grew (text, parsed actions, reasoning). */
  z.object({ type: z.literal("update"), message: chatMessageSchema }),
  /** Final state: ready (actions applied, versionId in annotations) or failed. */
  z.object({ type: z.literal("done"), message: chatMessageSchema }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** GET /api/apps/{appId}/chat/messages */
export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  /** Chat is usable: a model is configured. When false, `setupMessage` explains what to set. */
  aiConfigured: z.boolean(),
  setupMessage: z.string().nullable(),
  usage: z.object({ builderChatMessagesUsed: z.number().int(), builderChatMessagesTotal: z.number().int() }),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** POST /api/apps/{appId}/versions/{versionId}/restore */
export const restoreVersionBodySchema = z.object({ messageId: z.string().min(1) });
export const restoreVersionResultSchema = z.object({
  versionId: z.string(),
  /** The text of the message reverted to, for the chat input. */
  restoredText: z.string(),
  removedMessageIds: z.array(z.string()),
});
export type RestoreVersionResult = z.infer<typeof restoreVersionResultSchema>;

/** GET /api/apps/{appId}/chat/usage: the app's and account's summed usage (admins). */
export const chatUsageSummarySchema = z.object({
  app: z.object({ messages: z.number().int(), totalTokens: z.number().int(), totalCost: z.number() }),
  account: z.object({ messages: z.number().int(), totalTokens: z.number().int(), totalCost: z.number() }),
  recent: z.array(usageRecordSchema),
});
export type ChatUsageSummary = z.infer<typeof chatUsageSummarySchema>;
