import type { ChatMessage, ChatStreamEvent } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { parseChatStreamEvent, readChatStream } from "./read-chat-stream.ts";

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: "m1",
    role: "assistant",
    content: "",
    createdAt: "2026-11-24T10:00:00.000Z",
    status: "in_progress",
    parts: [],
    actions: [],
    groups: [],
    annotations: {},
    experimental_attachments: [],
    toolInvocations: [],
    ...overrides,
  };
}

function sse(event: ChatStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const user = message({ id: "u1", role: "user", content: "build a todo app", status: "ready" });
const events: ChatStreamEvent[] = [
  { type: "start", userMessage: user, message: message() },
  {
    type: "update",
    message: message({ content: "I'll build", parts: [{ type: "text", text: "I'll build" }] }),
  },
  {
    type: "done",
    message: message({
      content: "I'll build it",
      status: "ready",
      parts: [{ type: "text", text: "I'll build it" }],
    }),
  },
];
const text = events.map(sse).join(": keep-alive\n\n");

describe("parseChatStreamEvent", () => {
  it("reads a stream event and skips anything else", () => {
    expect(parseChatStreamEvent(JSON.stringify(events[1]))?.type).toBe("update");
    expect(parseChatStreamEvent("{not json")).toBeNull();
    expect(parseChatStreamEvent(JSON.stringify({ type: "unknown", message: message() }))).toBeNull();
    expect(parseChatStreamEvent(JSON.stringify({ type: "update" }))).toBeNull();
  });
});

describe("readChatStream", () => {
  it("delivers start, update and done, whole messages each time", async () => {
    const seen: ChatStreamEvent[] = [];
    const outcome = await readChatStream(streamOf([text]), (event) => seen.push(event));
    expect(seen.map((event) => event.type)).toEqual(["start", "update", "done"]);
    expect(seen[2]?.message.content).toBe("I'll build it");
    expect(outcome).toEqual({ finished: true, messageId: "m1" });
  });

  it("gives the same events whatever the chunk boundaries (split at every position)", async () => {
    for (let at = 1; at < text.length; at += 7) {
      const seen: string[] = [];
      await readChatStream(streamOf([text.slice(0, at), text.slice(at)]), (event) =>
        seen.push(`${event.type}:${event.message.content}`),
      );
      expect(seen).toEqual(["start:", "update:I'll build", "done:I'll build it"]);
    }
  });

  it("splits multi-byte characters across chunks without damage", async () => {
    const emoji = sse({ type: "done", message: message({ content: "Done ✅ — ready", status: "ready" }) });
    const bytes = new TextEncoder().encode(emoji);
    const cut = bytes.indexOf(0xe2) + 1; // inside the first multi-byte character
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const seen: string[] = [];
    await readChatStream(stream, (event) => seen.push(event.message.content));
    expect(seen).toEqual(["Done ✅ — ready"]);
  });

  it("reports a stream that ended before done, with the message to resume", async () => {
    const cut = sse(events[0] as ChatStreamEvent) + sse(events[1] as ChatStreamEvent).slice(0, 30);
    const seen: string[] = [];
    const outcome = await readChatStream(streamOf([cut]), (event) => seen.push(event.type));
    expect(seen).toEqual(["start"]);
    expect(outcome).toEqual({ finished: false, messageId: "m1" });
  });
});
