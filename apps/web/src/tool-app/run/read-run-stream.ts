import { type RunStreamEvent, runStreamEventSchema } from "@liftoff/domain";
import { parseSseJson, readSseEvents } from "../../lib/read-sse-events.ts";

/**
 * One `data:` payload of a run stream as a RunStreamEvent, or null when it is not one. A
 * malformed or unknown event is skipped rather than thrown: a re-attach starts with a
 * snapshot that carries the whole run again.
 */
export function parseRunStreamEvent(data: string): RunStreamEvent | null {
  return parseSseJson(data, runStreamEventSchema);
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
  await readSseEvents(body, (data) => {
    const event = parseRunStreamEvent(data);
    if (!event) return;
    if (event.type === "snapshot") outcome.runId = event.run.id;
    else if (event.type === "phase" || event.type === "done") outcome.runId = event.runId;
    if (event.type === "done") outcome.finished = true;
    onEvent(event);
  });
  return outcome;
}
