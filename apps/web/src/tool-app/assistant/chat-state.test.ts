import type { AssistantMessage } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { chatReducer, INITIAL_CHAT_STATE, PENDING_ID, questionOf, replyInProgress } from "./chat-state.ts";

const at = "2026-11-28T10:00:00.000Z";
const message = (over: Partial<AssistantMessage>): AssistantMessage => ({
  sources: [],
  id: "m",
  conversationId: "c1",
  role: "assistant",
  content: "",
  status: "ready",
  error: null,
  createdAt: at,
  ...over,
});
const question = message({ id: "u1", role: "user", content: "Hi?" });
const reply = message({ id: "a1", status: "in_progress" });

describe("chatReducer", () => {
  it("shows the end user's message at once, then the server's copy and the reply as it grows", () => {
    let state = chatReducer(INITIAL_CHAT_STATE, { type: "sending", content: "Hi?", at });
    expect(state.phase).toBe("sending");
    expect(state.messages).toMatchObject([{ id: PENDING_ID, role: "user", content: "Hi?" }]);
    state = chatReducer(state, {
      type: "event",
      event: { type: "start", conversationId: "c1", userMessage: question, message: reply },
    });
    expect(state.conversationId).toBe("c1");
    expect(state.phase).toBe("ready");
    expect(state.messages.map((m) => m.id)).toEqual(["u1", "a1"]);
    expect(replyInProgress(state)?.id).toBe("a1");
    state = chatReducer(state, {
      type: "event",
      event: { type: "update", message: { ...reply, content: "Hel" } },
    });
    state = chatReducer(state, {
      type: "event",
      event: { type: "done", message: { ...reply, content: "Hello!", status: "ready" } },
    });
    expect(state.messages.map((m) => m.content)).toEqual(["Hi?", "Hello!"]);
    expect(replyInProgress(state)).toBeNull();
  });

  it("drops the local message on a refusal (with its words) or a lost request (silently)", () => {
    const sending = chatReducer(INITIAL_CHAT_STATE, { type: "sending", content: "Hi?", at });
    const refused = chatReducer(sending, { type: "refused", message: "Come back tomorrow." });
    expect(refused).toMatchObject({ messages: [], refusal: "Come back tomorrow.", phase: "ready" });
    const dropped = chatReducer(sending, { type: "dropped" });
    expect(dropped).toMatchObject({ messages: [], refusal: null, phase: "ready" });
    // The next send clears an old refusal.
    expect(chatReducer(refused, { type: "sending", content: "Again", at }).refusal).toBeNull();
  });

  it("loads a remembered conversation, ignores another conversation's late events, and resets", () => {
    const loaded = chatReducer(
      { ...INITIAL_CHAT_STATE, phase: "loading" },
      { type: "loaded", conversation: { conversationId: "c1", messages: [question, reply] } },
    );
    expect(loaded).toMatchObject({ conversationId: "c1", phase: "ready" });
    const other = chatReducer(loaded, {
      type: "event",
      event: { type: "update", message: message({ id: "x", conversationId: "c2", content: "no" }) },
    });
    expect(other).toBe(loaded);
    expect(chatReducer(loaded, { type: "loaded", conversation: null })).toEqual(INITIAL_CHAT_STATE);
    expect(chatReducer(loaded, { type: "reset" })).toEqual(INITIAL_CHAT_STATE);
  });

  it("finds the question a failed reply answered, for Retry", () => {
    const state = {
      ...INITIAL_CHAT_STATE,
      messages: [
        question,
        message({ id: "a0", content: "Hello" }),
        message({ id: "u2", role: "user", content: "And then?" }),
        message({ id: "a2", status: "failed", error: "Rate limit exceeded. Please try again later." }),
      ],
    };
    expect(questionOf(state, "a2")).toBe("And then?");
    expect(questionOf(state, "a0")).toBe("Hi?");
    expect(questionOf(state, "u1")).toBeNull();
  });
});
