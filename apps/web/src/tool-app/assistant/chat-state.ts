import type { AssistantConversation, AssistantMessage, AssistantStreamEvent } from "@liftoff/domain";

/**
 * The chat page's state: the conversation's messages as the server last told them, plus the
 * end user's message while its POST is on the way (a local id until `start` names it), and a
 * refusal (a JSON error before the stream: the daily limit, busy, no assistant…).
 */
export type ChatState = {
  conversationId: string | null;
  messages: AssistantMessage[];
  /** loading: reading a remembered conversation; sending: the POST is on its way. */
  phase: "loading" | "ready" | "sending";
  /** What the server refused the last message with, worded for the end user. */
  refusal: string | null;
};

export type ChatAction =
  | { type: "loaded"; conversation: AssistantConversation | null }
  | { type: "sending"; content: string; at: string }
  | { type: "event"; event: AssistantStreamEvent }
  | { type: "refused"; message: string }
  /** The POST never got an answer (network): the local message goes, nothing is shown. */
  | { type: "dropped" }
  | { type: "reset" };

/** The id of the end user's message before the server names it. */
export const PENDING_ID = "pending";

export const INITIAL_CHAT_STATE: ChatState = {
  conversationId: null,
  messages: [],
  phase: "ready",
  refusal: null,
};

/** Puts a message in by id (replacing the older copy), keeping the conversation's order. */
function upsert(messages: AssistantMessage[], message: AssistantMessage): AssistantMessage[] {
  const at = messages.findIndex((known) => known.id === message.id);
  if (at === -1) return [...messages, message];
  return messages.map((known, index) => (index === at ? message : known));
}

const withoutPending = (messages: AssistantMessage[]) => messages.filter((m) => m.id !== PENDING_ID);

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "loaded":
      return action.conversation
        ? {
            ...state,
            conversationId: action.conversation.conversationId,
            messages: action.conversation.messages,
            phase: "ready",
          }
        : { ...INITIAL_CHAT_STATE };
    case "sending":
      return {
        ...state,
        phase: "sending",
        refusal: null,
        messages: [
          ...withoutPending(state.messages),
          {
            id: PENDING_ID,
            sources: [],
            conversationId: state.conversationId ?? "",
            role: "user",
            content: action.content,
            status: "ready",
            error: null,
            createdAt: action.at,
          },
        ],
      };
    case "event": {
      const { event } = action;
      if (event.type === "start") {
        return {
          ...state,
          conversationId: event.conversationId,
          phase: "ready",
          messages: upsert(upsert(withoutPending(state.messages), event.userMessage), event.message),
        };
      }
      // A late event of another conversation (after New conversation) is not this one's.
      if (state.conversationId && event.message.conversationId !== state.conversationId) return state;
      return { ...state, messages: upsert(state.messages, event.message) };
    }
    case "refused":
      return { ...state, phase: "ready", refusal: action.message, messages: withoutPending(state.messages) };
    case "dropped":
      return { ...state, phase: "ready", messages: withoutPending(state.messages) };
    case "reset":
      return { ...INITIAL_CHAT_STATE };
  }
}

/** The reply being written, if any: the composer waits for it. */
export function replyInProgress(state: ChatState): AssistantMessage | null {
  return state.messages.find((m) => m.role === "assistant" && m.status === "in_progress") ?? null;
}

/** The end user's message a failed reply answered (what Retry sends again). */
export function questionOf(state: ChatState, replyId: string): string | null {
  const at = state.messages.findIndex((m) => m.id === replyId);
  for (let index = at - 1; index >= 0; index -= 1) {
    const message = state.messages[index];
    if (message?.role === "user") return message.content;
  }
  return null;
}
