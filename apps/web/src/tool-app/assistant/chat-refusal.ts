import { ASSISTANT_MESSAGES, readErrorBody } from "@liftoff/domain";

/** The server's wording when a remembered conversation is gone (assistant-routes.ts). */
const CONVERSATION_GONE = "This conversation does not exist";

export type ChatRefusal = {
  message: string;
  /** 409: the reply still being written, to watch instead. */
  replyId: string | null;
  /** The remembered conversation is gone: start a new one. */
  conversationGone: boolean;
};

/**
 * A refused message (a JSON error before the stream) worded for the end user: the daily
 * chat limit as the server words it (the count is the owner's plan's), busy, no assistant,
 * unavailable; anything unexpected gets the spec's general chat error.
 */
export function chatRefusal(status: number, body: unknown): ChatRefusal {
  const { code, message, details } = readErrorBody(status, body);
  // A refusal without the server's own words (a proxy's bare 429 or 503) gets ours.
  const worded = typeof (body as { error?: { message?: unknown } } | null)?.error?.message === "string";
  const refusal = (text: string, extra: Partial<ChatRefusal> = {}): ChatRefusal => ({
    message: text,
    replyId: null,
    conversationGone: false,
    ...extra,
  });
  if (status === 429 || code === "RATE_LIMITED")
    return refusal(worded ? message : ASSISTANT_MESSAGES.rateLimited);
  if (status === 409 || code === "CONFLICT")
    return refusal(ASSISTANT_MESSAGES.busy, {
      replyId: typeof details?.messageId === "string" ? details.messageId : null,
    });
  if (status === 404 || code === "NOT_FOUND")
    return message === CONVERSATION_GONE
      ? refusal(message, { conversationGone: true })
      : refusal(ASSISTANT_MESSAGES.notFound);
  if (status === 400 || code === "VALIDATION_FAILED") {
    const fieldErrors = details?.fieldErrors as Record<string, unknown> | undefined;
    const content = fieldErrors?.content;
    return refusal(typeof content === "string" ? content : message);
  }
  if (status === 403 || status === 503) return refusal(worded ? message : ASSISTANT_MESSAGES.unavailable);
  return refusal(ASSISTANT_MESSAGES.other);
}
