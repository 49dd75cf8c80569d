import { CHAT_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { chatSendFailure, isIgnoredChatFailure } from "./chat-send-error.ts";

const body = (code: string, message: string, details?: Record<string, unknown>) => ({
  error: { code, message, ...(details ? { details } : {}) },
});

describe("chatSendFailure", () => {
  it("shows the builder limit text (with the upgrade button) for the plan's cap", () => {
    expect(chatSendFailure(403, body("PLAN_LIMIT", "anything", { reason: "builder_chat_messages" }))).toEqual(
      {
        kind: "builderLimit",
        message: "You have reached your builder chat messages limit. Please upgrade your plan to continue.",
      },
    );
  });

  it("says 'Rate limit exceeded' for a 429, and the daily limit text for the daily limit", () => {
    expect(chatSendFailure(429, body("RATE_LIMITED", "slow down"))).toEqual({
      kind: "rateLimited",
      message: "Rate limit exceeded. Please try again later.",
    });
    expect(chatSendFailure(429, undefined).message).toBe(CHAT_MESSAGES.rateLimited);
    expect(
      chatSendFailure(429, body("RATE_LIMITED", CHAT_MESSAGES.dailyLimit, { reason: "daily_chat_messages" })),
    ).toEqual({ kind: "rateLimited", message: CHAT_MESSAGES.dailyLimit });
  });

  it("watches the reply being written on a conflict", () => {
    expect(chatSendFailure(409, body("CONFLICT", "busy", { messageId: "m7" }))).toEqual({
      kind: "busy",
      message: CHAT_MESSAGES.busy,
      messageId: "m7",
    });
    expect(chatSendFailure(409, body("CONFLICT", "busy"))).toMatchObject({ kind: "busy", messageId: null });
  });

  it("keeps the server's setup text when no model is configured", () => {
    const text = "No AI model is configured on this server. Set AI_PROVIDER, AI_API_KEY.";
    expect(chatSendFailure(503, body("SERVICE_UNAVAILABLE", text, { reason: "ai_not_configured" }))).toEqual({
      kind: "noModel",
      message: text,
    });
  });

  it("says the generic text for anything else", () => {
    const other = "An error occurred while processing your request please try again later";
    expect(chatSendFailure(500, body("INTERNAL", "boom")).message).toBe(other);
    expect(chatSendFailure(503, body("SERVICE_UNAVAILABLE", "down")).message).toBe(other);
    expect(chatSendFailure(400, body("VALIDATION_FAILED", "Type a message")).message).toBe(other);
    expect(chatSendFailure(502, "<html>").kind).toBe("other");
  });
});

describe("isIgnoredChatFailure", () => {
  it("ignores network failures and aborts, not other errors", () => {
    expect(isIgnoredChatFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isIgnoredChatFailure(new DOMException("The user aborted a request.", "AbortError"))).toBe(true);
    expect(isIgnoredChatFailure(new Error("boom"))).toBe(false);
  });
});
