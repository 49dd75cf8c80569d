import type { AssistantMessage, AssistantStreamEvent } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { parseAssistantStreamEvent, readAssistantStream } from "./read-assistant-stream.ts";

const reply: AssistantMessage = {
  sources: [],
  id: "a1",
  conversationId: "c1",
  role: "assistant",
  content: "",
  status: "in_progress",
  error: null,
  createdAt: "2026-11-28T10:00:00.000Z",
};
const sse = (event: unknown) => `event: x\ndata: ${JSON.stringify(event)}\n\n`;
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("readAssistantStream", () => {
  it("hands over each event, split anywhere, and knows the reply and its end", async () => {
    const text = [
      sse({
        type: "start",
        conversationId: "c1",
        userMessage: { ...reply, id: "u1", role: "user", status: "ready" },
        message: reply,
      }),
      sse({ type: "update", message: { ...reply, content: "Hel" } }),
      "not json\n\n",
      sse({ type: "done", message: { ...reply, content: "Hello", status: "ready" } }),
    ].join("");
    const seen: AssistantStreamEvent[] = [];
    const outcome = await readAssistantStream(
      streamOf([text.slice(0, 17), text.slice(17, 200), text.slice(200)]),
      (event) => seen.push(event),
    );
    expect(seen.map((event) => event.type)).toEqual(["start", "update", "done"]);
    expect(outcome).toEqual({ finished: true, missing: false, messageId: "a1", events: 3 });
  });

  it("reports a stream cut before done, and the server's missing-reply event", async () => {
    const cut = await readAssistantStream(streamOf([sse({ type: "update", message: reply })]), () => {});
    expect(cut).toMatchObject({ finished: false, messageId: "a1", events: 1 });
    const missing = await readAssistantStream(
      streamOf([sse({ type: "error", message: "This message does not exist" })]),
      () => {},
    );
    expect(missing).toMatchObject({ finished: false, missing: true, events: 0 });
    expect(parseAssistantStreamEvent("{")).toBeNull();
    expect(parseAssistantStreamEvent('{"type":"update"}')).toBeNull();
  });
});
