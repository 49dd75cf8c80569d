import { type AssistantStreamEvent, assistantStreamEventSchema } from "@liftoff/domain";
import { z } from "zod";
import { parseSseJson, readSseEvents } from "../../lib/read-sse-events.ts";

/** The server's event for a reply that does not exist (streamLiveRecord's `missing`). */
const missingReplySchema = z.object({ type: z.literal("error") });

export type AssistantStreamOutcome = {
  /** A `done` event arrived: the reply is ready or failed. */
  finished: boolean;
  /** The server said the reply does not exist (its `error` event): nothing to re-attach to. */
  missing: boolean;
  /** The reply the stream was about, for re-attaching. */
  messageId: string | null;
  /** Events the stream delivered (a stream that delivered some resets the re-attach count). */
  events: number;
};

/** One `data:` payload as an AssistantStreamEvent, or "error" for the server's missing-reply event, else null. */
export function parseAssistantStreamEvent(data: string): AssistantStreamEvent | "error" | null {
  if (parseSseJson(data, missingReplySchema)) return "error";
  return parseSseJson(data, assistantStreamEventSchema);
}

/**
 * Reads a reply's SSE stream (POST …/assistant/messages, or GET …/messages/{id}/events) to
 * its end, over fetch like the runs' streams. Every event carries the whole message, so a
 * malformed one is skipped: the next one says everything again. Resolves when the server
 * closes the stream; rejects on a network failure or an abort (the caller re-attaches).
 */
export async function readAssistantStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: AssistantStreamEvent) => void,
): Promise<AssistantStreamOutcome> {
  const outcome: AssistantStreamOutcome = { finished: false, missing: false, messageId: null, events: 0 };
  await readSseEvents(body, (data) => {
    const event = parseAssistantStreamEvent(data);
    if (event === "error") {
      outcome.missing = true;
      return;
    }
    if (!event) return;
    outcome.events += 1;
    outcome.messageId = event.message.id;
    if (event.type === "done") outcome.finished = true;
    onEvent(event);
  });
  return outcome;
}
