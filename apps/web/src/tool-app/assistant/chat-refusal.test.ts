import { ASSISTANT_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { chatRefusal } from "./chat-refusal.ts";

const error = (code: string, message: string, details?: Record<string, unknown>) => ({
  error: { code, message, ...(details ? { details } : {}) },
});

describe("chatRefusal", () => {
  it("keeps the server's daily limit words, or says the spec's rate limit text", () => {
    const daily = ASSISTANT_MESSAGES.dailyLimit(20);
    expect(chatRefusal(429, error("RATE_LIMITED", daily)).message).toBe(daily);
    expect(chatRefusal(429, null).message).toBe(ASSISTANT_MESSAGES.rateLimited);
  });

  it("words busy (with the reply to watch), no assistant and a gone conversation", () => {
    expect(chatRefusal(409, error("CONFLICT", ASSISTANT_MESSAGES.busy, { messageId: "a1" }))).toEqual({
      message: ASSISTANT_MESSAGES.busy,
      replyId: "a1",
      conversationGone: false,
    });
    expect(chatRefusal(404, error("NOT_FOUND", ASSISTANT_MESSAGES.notFound)).message).toBe(
      "This app has no chat assistant.",
    );
    expect(chatRefusal(404, null).message).toBe("This app has no chat assistant.");
    expect(chatRefusal(404, error("NOT_FOUND", "This conversation does not exist")).conversationGone).toBe(
      true,
    );
  });

  it("shows a content problem, the plan's and unavailable words, and the general error otherwise", () => {
    expect(
      chatRefusal(400, error("VALIDATION_FAILED", "Invalid", { fieldErrors: { content: "Write a message" } }))
        .message,
    ).toBe("Write a message");
    expect(chatRefusal(403, error("PLAN_LIMIT", "The app has used its credits")).message).toBe(
      "The app has used its credits",
    );
    expect(chatRefusal(503, null).message).toBe(ASSISTANT_MESSAGES.unavailable);
    expect(chatRefusal(500, error("INTERNAL", "stack trace")).message).toBe(ASSISTANT_MESSAGES.other);
  });
});
