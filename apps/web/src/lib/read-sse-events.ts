import { createSseParser } from "@liftoff/sdk";
import type { z } from "zod";

/**
 * One `data:` payload as JSON checked by `schema`, or null when it is not one: a malformed
 * or unknown event is skipped, never thrown (every stream we read sends the whole state
 * again in a later event or on re-attach).
 */
export function parseSseJson<T>(data: string, schema: z.ZodType<T>): T | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Reads a Server-Sent Events body to its end over fetch (EventSource cannot send a bearer
 * token), handing every event's `data:` to `onData` as it arrives. Resolves when the server
 * closes the stream; rejects on a network failure or an abort (the caller decides whether
 * to re-attach). The builder chat, tool runs and the end users' assistant all read theirs
 * through here.
 */
export async function readSseEvents(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): Promise<void> {
  const parser = createSseParser({ onEvent: (sse) => onData(sse.data) });
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
}
