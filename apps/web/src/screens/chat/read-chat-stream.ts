import { type ChatStreamEvent, chatStreamEventSchema } from "@liftoff/domain";
import { parseSseJson, readSseEvents } from "../../lib/read-sse-events.ts";

/**
 * One `data:` payload of the chat stream as a ChatStreamEvent, or null when it is not one
 * (a malformed or unknown event is skipped, never thrown: the next event carries the whole
 * message again).
 */
export function parseChatStreamEvent(data: string): ChatStreamEvent | null {
  return parseSseJson(data, chatStreamEventSchema);
}

export type ChatStreamOutcome = {
  /** A `done` event arrived: the message is final. */
  finished: boolean;
  /** The id of the assistant message the stream was about (for resuming after a drop). */
  messageId: string | null;
};

/**
 * Reads a chat stream (POST /chat, or GET …/messages/{id}/events) to its end: Server-Sent
 * Events over fetch, since EventSource cannot send the bearer token. Each event goes to
 * `onEvent` as it arrives. Resolves when the server closes the stream; rejects on a network
 * failure or an abort (the caller decides whether that matters).
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<ChatStreamOutcome> {
  const outcome: ChatStreamOutcome = { finished: false, messageId: null };
  await readSseEvents(body, (data) => {
    const event = parseChatStreamEvent(data);
    if (!event) return;
    outcome.messageId = event.message.id;
    if (event.type === "done") outcome.finished = true;
    onEvent(event);
  });
  return outcome;
}
