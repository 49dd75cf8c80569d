import { type RunStreamEvent, runStreamEventSchema } from "@liftoff/domain";
import { createSseParser } from "@liftoff/sdk";

/**
 * One `data:` payload of a run stream as a RunStreamEvent, or null when it is not one. A
 * malformed or unknown event is skipped rather than thrown: a re-attach starts with a
 * snapshot that carries the whole run again.
 */
export function parseRunStreamEvent(data: string): RunStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = runStreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export type RunStreamOutcome = {
  /** A `done` event arrived: nothing more will come for this run. */
  finished: boolean;
  /** The run the stream was about (from its snapshot or phase events), for re-attaching. */
  runId: string | null;
};

/**
 * Reads a run stream (POST …/runs, or GET …/runs/{id}/events) to its end: Server-Sent Events
 * over fetch, since EventSource cannot send the end user's bearer token. Each event goes to
 * `onEvent` as it arrives. Resolves when the server closes the stream (finished or not);
 * rejects on a network failure or an abort (the caller decides whether to re-attach).
 */
export async function readRunStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: RunStreamEvent) => void,
): Promise<RunStreamOutcome> {
  const outcome: RunStreamOutcome = { finished: false, runId: null };
  const parser = createSseParser({
    onEvent: (sse) => {
      const event = parseRunStreamEvent(sse.data);
      if (!event) return;
      if (event.type === "snapshot") outcome.runId = event.run.id;
      else if (event.type === "phase" || event.type === "done") outcome.runId = event.runId;
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
