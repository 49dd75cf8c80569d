import { describe, expect, it } from "vitest";
import { chatAssistantMessage } from "./chat-assistant-model.ts";

describe("chatAssistantMessage", () => {
  it("says the spec's four messages", () => {
    expect(chatAssistantMessage(true, true)).toBe("Chat assistant activated successfully");
    expect(chatAssistantMessage(false, true)).toBe("Chat assistant deactivated successfully");
    expect(chatAssistantMessage(true, false)).toBe("Failed to activate chat assistant");
    expect(chatAssistantMessage(false, false)).toBe("Failed to deactivate chat assistant");
  });
});
