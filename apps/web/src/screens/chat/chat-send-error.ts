import { CHAT_MESSAGES, readErrorBody } from "@liftoff/domain";

/** Why the server refused a chat message before streaming (spec section 8, "Chat"). */
export type ChatSendFailure =
  /** The plan's builder chat message cap: the limit text and an 'Upgrade plan' button. */
  | { kind: "builderLimit"; message: string }
  /** The daily limit, or the provider's HTTP 429. Sending stays blocked until later. */
  | { kind: "rateLimited"; message: string }
  /** A reply is still being written: the client watches that one instead. */
  | { kind: "busy"; message: string; messageId: string | null }
  /** No model configured: the setup card explains what to set. */
  | { kind: "noModel"; message: string }
  | { kind: "other"; message: string };

/**
 * Maps a refused POST /api/apps/{appId}/chat (status and JSON body `{error:{code,message,
 * details}}`) to what the chat shows. Texts come from CHAT_MESSAGES, verbatim from the spec;
 * the no-model message is the server's, because it names the settings to change.
 * (A network failure or an abort never reaches here: those are ignored.)
 */
export function chatSendFailure(status: number, body: unknown): ChatSendFailure {
  const { code, message, details } = readErrorBody(status, body);
  if (status === 403 && code === "PLAN_LIMIT")
    return { kind: "builderLimit", message: CHAT_MESSAGES.builderLimit };
  if (status === 429) {
    const daily = details?.reason === "daily_chat_messages";
    return { kind: "rateLimited", message: daily ? CHAT_MESSAGES.dailyLimit : CHAT_MESSAGES.rateLimited };
  }
  if (status === 409 && code === "CONFLICT") {
    const messageId = typeof details?.messageId === "string" ? details.messageId : null;
    return { kind: "busy", message: CHAT_MESSAGES.busy, messageId };
  }
  if (status === 503 && details?.reason === "ai_not_configured") return { kind: "noModel", message };
  return { kind: "other", message: CHAT_MESSAGES.other };
}

/** A thrown fetch failure the chat ignores (spec: 'network or abort: ignored'). */
export function isIgnoredChatFailure(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return true;
  // fetch rejects with a TypeError when the network fails (or the stream is cut).
  return error instanceof TypeError;
}
