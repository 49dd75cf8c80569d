import { z } from "zod";
import { ACTION_TYPE_VALUES, entityPermissionsSchemaForChat } from "./chat-action.ts";
import { validationResultSchema } from "./chat-validation.ts";

export const CHAT_MESSAGE_STATUSES = ["in_progress", "ready", "failed"] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** Usage record of spec section 3; rates are per 1M tokens, costs in USD. */
export const usageRecordSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  promptCost: z.number().nonnegative(),
  promptRate: z.number().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  completionCost: z.number().nonnegative(),
  completionRate: z.number().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
  totalCost: z.number().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheReadCost: z.number().nonnegative(),
  cacheReadRate: z.number().nonnegative(),
  cacheWriteTokens: z.number().int().nonnegative(),
  cacheWriteCost: z.number().nonnegative(),
  cacheWriteRate: z.number().nonnegative(),
  modelInfo: z.object({ model: z.string() }),
  finishReason: z.string(),
  timestamp: z.string(),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/** One action of an assistant message as stored and shown (spec section 3 "Action in assistant text"). */
export const chatActionSchema = z.object({
  index: z.number().int(),
  groupIndex: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(ACTION_TYPE_VALUES),
  file: z.string().nullable(),
  content: z.string(),
  complete: z.boolean(),
  truncated: z.boolean(),
  permissions: entityPermissionsSchemaForChat.optional(),
  /** Set once the turn's actions were applied: applied, or failed with a reason. */
  status: z.enum(["pending", "applied", "failed"]).default("pending"),
  error: z.string().optional(),
});
export type ChatAction = z.infer<typeof chatActionSchema>;

export const chatActionGroupSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  complete: z.boolean(),
  actionIndexes: z.array(z.number().int()),
});
export type ChatActionGroup = z.infer<typeof chatActionGroupSchema>;

export const chatMessagePartSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("reasoning"), text: z.string() }),
  z.object({ type: z.literal("source"), url: z.string(), title: z.string().optional() }),
  z.object({
    type: z.literal("tool-invocation"),
    toolInvocation: z.object({
      toolName: z.string(),
      toolCallId: z.string(),
      state: z.enum(["call", "result"]),
      args: z.unknown(),
      result: z.unknown().optional(),
    }),
  }),
  z.object({ type: z.literal("file"), url: z.string(), mediaType: z.string(), name: z.string().optional() }),
  /** An action written in the reply, in reading order (index into `actions`). */
  z.object({ type: z.literal("action"), actionIndex: z.number().int() }),
]);
export type ChatMessagePart = z.infer<typeof chatMessagePartSchema>;

export const chatAttachmentSchema = z.object({
  name: z.string().max(300),
  url: z.string().max(2000),
  contentType: z.string().max(200),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageAnnotationsSchema = z.object({
  /** The app version this message's actions produced (assistant) or started from (user). */
  versionId: z.string().nullable().optional(),
  status: z.string().optional(),
  usage: usageRecordSchema.optional(),
  model: z.string().optional(),
  templateId: z.string().optional(),
  /** The reply stopped at the output-token limit; the UI offers 'Let's keep going'. */
  truncated: z.boolean().optional(),
  /** Failed messages: the user-facing message, and technical details (admins only). */
  error: z.string().optional(),
  errorDetails: z.string().optional(),
  /** The validation that ran after the turn (what the validation results dialog shows). */
  validation: validationResultSchema.optional(),
});
export type ChatMessageAnnotations = z.infer<typeof chatMessageAnnotationsSchema>;

/** A chat message of spec section 3, as the API returns it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: z.string(),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  parts: z.array(chatMessagePartSchema),
  actions: z.array(chatActionSchema),
  groups: z.array(chatActionGroupSchema),
  annotations: chatMessageAnnotationsSchema,
  experimental_attachments: z.array(chatAttachmentSchema),
  toolInvocations: z.array(
    z.object({
      toolName: z.string(),
      toolCallId: z.string(),
      state: z.enum(["call", "result"]),
      args: z.unknown(),
      result: z.unknown().optional(),
    }),
  ),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
