import { z } from "zod";
import { sourceCitationSchema } from "../data-sources/data-source-contract.ts";

/** Longest message an end user may send the assistant (ours: docs/defaults.md). */
export const ASSISTANT_MESSAGE_MAX_LENGTH = 4_000;
/** Earlier messages of the conversation the model sees with a new one (spec section 9: 3). */
export const ASSISTANT_CONTEXT_MESSAGES = 3;

/**
 * One message of an end user's conversation with a generated app's chat assistant (spec
 * section 3 "Chat message", the fields an end user sees): in_progress while the reply is
 * written, then ready or failed (with the error the end user may read).
 */
export const assistantMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: z.enum(["in_progress", "ready", "failed"]),
  error: z.string().nullable(),
  /** The data-source passages a reply was given, as it cites them ([1], [2] …). */
  sources: z.array(sourceCitationSchema).default([]),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

/** POST …/assistant/messages: a new conversation, or the next message of one. */
export const sendAssistantMessageBodySchema = z.object({
  conversationId: z.string().min(1).max(64).optional(),
  content: z
    .string({ error: "Write a message" })
    .trim()
    .min(1, "Write a message")
    .max(ASSISTANT_MESSAGE_MAX_LENGTH, `A message can be at most ${ASSISTANT_MESSAGE_MAX_LENGTH} characters`),
});
export type SendAssistantMessageBody = z.infer<typeof sendAssistantMessageBodySchema>;

/** The SSE events of a reply: start (both messages), update (the reply so far), done. */
export const assistantStreamEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    conversationId: z.string(),
    userMessage: assistantMessageSchema,
    message: assistantMessageSchema,
  }),
  z.object({ type: z.literal("update"), message: assistantMessageSchema }),
  z.object({ type: z.literal("done"), message: assistantMessageSchema }),
]);
export type AssistantStreamEvent = z.infer<typeof assistantStreamEventSchema>;

export const assistantConversationSchema = z.object({
  conversationId: z.string(),
  messages: z.array(assistantMessageSchema),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

/**
 * What the end user reads. The spec's chat errors: a provider 429 and any other failure;
 * network errors and aborts are the browser's and shown by nobody. The limit and
 * unavailable texts are ours.
 */
export const ASSISTANT_MESSAGES = {
  rateLimited: "Rate limit exceeded. Please try again later.",
  other: "An error occurred while processing your request please try again later",
  dailyLimit: (limit: number) =>
    `You have sent all ${limit} messages you can send today. Please come back tomorrow.`,
  unavailable: "The assistant is unavailable right now. Please try again later.",
  notFound: "This app has no chat assistant.",
  busy: "Wait for the reply before sending another message.",
  interrupted: "Last message failed to process. Please try again.",
} as const;
