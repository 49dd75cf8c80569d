import { describe, expect, it } from "vitest";
import { assistantConversationUrl, assistantEventsUrl, assistantMessagesUrl } from "./assistant-urls.ts";
import { composerCounter } from "./composer-counter.ts";
import {
  forgetConversation,
  readRememberedConversation,
  rememberConversation,
  rememberedConversationKey,
} from "./remembered-conversation.ts";
import { starterPrompts } from "./starter-prompts.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("the chat page's small helpers", () => {
  it("remembers one conversation per app, and survives storage that throws", () => {
    const storage = memoryStorage();
    rememberConversation(storage, "app-1", "c1");
    rememberConversation(storage, "app-2", "c2");
    expect(readRememberedConversation(storage, "app-1")).toBe("c1");
    expect(storage.getItem(rememberedConversationKey("app-2"))).toBe("c2");
    forgetConversation(storage, "app-1");
    expect(readRememberedConversation(storage, "app-1")).toBeNull();
    expect(readRememberedConversation(null, "app-1")).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(readRememberedConversation(broken, "app-1")).toBeNull();
    expect(() => rememberConversation(broken, "app-1", "c1")).not.toThrow();
    expect(() => forgetConversation(broken, "app-1")).not.toThrow();
  });

  it("counts characters only near the cap", () => {
    expect(composerCounter(0)).toBeNull();
    expect(composerCounter(3_499)).toBeNull();
    expect(composerCounter(3_500)).toEqual({ text: "3,500 / 4,000", over: false });
    expect(composerCounter(4_000)).toEqual({ text: "4,000 / 4,000", over: true });
  });

  it("offers a few starter prompts from the tools' titles", () => {
    const tools = ["Trip planner", " Packing list ", "Trip planner", "", "Budget", "Visa check"].map(
      (title) => ({
        title,
      }),
    );
    expect(starterPrompts(tools)).toEqual([
      "What can Trip planner do?",
      "What can Packing list do?",
      "What can Budget do?",
    ]);
    expect(starterPrompts([])).toEqual(["What can you help me with?"]);
  });

  it("builds the assistant routes with encoded ids", () => {
    expect(assistantMessagesUrl("a 1")).toBe("/live_api/apps/a%201/assistant/messages");
    expect(assistantConversationUrl("a1", "c/1")).toBe("/live_api/apps/a1/assistant/conversations/c%2F1");
    expect(assistantEventsUrl("a1", "m1")).toBe("/live_api/apps/a1/assistant/messages/m1/events");
  });
});
