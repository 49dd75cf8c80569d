import { type ChatStreamEvent, chatStreamEventSchema } from "@liftoff/domain";
import { createSseParser } from "@liftoff/sdk";

/**
 * One `data:` payload of the chat stream as a ChatStreamEvent, or null when it is not one
 * (a malformed or unknown event is skipped, never thrown: the next event carries the whole
 * message again).
 */
export function parseChatStreamEvent(data: string): ChatStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
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
  const parser = createSseParser({
    onEvent: (sse) => {
      const event = parseChatStreamEvent(sse.data);
      if (!event) return;
      outcome.messageId = event.message.id;
      if (event.type === "done") outcome.finished = true;
      onEvent(event);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
  return outcome;
}
