import type { ChatAction, ChatMessage } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  ANNOUNCEMENT_MAX_CHARS,
  clip,
  createReplyAnnouncer,
  replyAnnouncementText,
  spokenText,
} from "./reply-announcement.ts";

function action(index: number, status: ChatAction["status"]): ChatAction {
  return {
    index,
    groupIndex: null,
    title: `Action ${index}`,
    type: "add_file",
    file: `pages/P${index}.jsx`,
    content: "export default function P() {}",
    complete: true,
    truncated: false,
    status,
  };
}

function reply(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: "m1",
    role: "assistant",
    content: "raw <liftoff-action> content",
    createdAt: "2026-11-24T10:00:00.000Z",
    status: "ready",
    parts: [{ type: "text", text: "Your **todo app** is ready." }],
    actions: [],
    groups: [],
    annotations: {},
    experimental_attachments: [],
    toolInvocations: [],
    ...overrides,
  };
}

describe("spokenText", () => {
  it("reads markdown as prose: link text, no markup, no code", () => {
    expect(
      spokenText("## Done\n\n- See [the docs](https://x.test) for `list()`\n```js\nconst a = 1;\n```\nBye"),
    ).toBe("Done See the docs for list() Bye");
  });
});

describe("clip", () => {
  it("keeps short text and cuts long text at a word with an ellipsis", () => {
    expect(clip("short")).toBe("short");
    const long = "word ".repeat(100).trim();
    const cut = clip(long);
    expect(cut.length).toBeLessThanOrEqual(ANNOUNCEMENT_MAX_CHARS);
    expect(cut.endsWith("word…")).toBe(true);
  });
});

describe("replyAnnouncementText", () => {
  it("says the prose and the changes applied, never the action tags", () => {
    const text = replyAnnouncementText(
      reply({ actions: [action(0, "applied"), action(1, "applied"), action(2, "failed")] }),
    );
    expect(text).toBe("The AI assistant replied: Your todo app is ready. 2 changes applied.");
  });

  it("says a reply without prose finished, and that a cut-off reply was cut off", () => {
    expect(
      replyAnnouncementText(
        reply({ parts: [], actions: [action(0, "applied")], annotations: { truncated: true } }),
      ),
    ).toBe("The AI assistant replied. 1 change applied. The output was too long for one iteration");
  });

  it("says nothing while a reply is written, for a failed one (its alert speaks) or a user message", () => {
    expect(replyAnnouncementText(reply({ status: "in_progress" }))).toBeNull();
    expect(replyAnnouncementText(reply({ status: "failed" }))).toBeNull();
    expect(replyAnnouncementText(reply({ role: "user" }))).toBeNull();
  });
});

describe("createReplyAnnouncer", () => {
  it("announces each reply once, at its end, however often it is reported", () => {
    const announcer = createReplyAnnouncer();
    // Streaming updates of the same message: nothing yet.
    expect(
      announcer.announce(reply({ status: "in_progress", parts: [{ type: "text", text: "Your" }] })),
    ).toBeNull();
    expect(announcer.announce(reply({ status: "in_progress" }))).toBeNull();
    // Final: said once.
    expect(announcer.announce(reply())).toEqual({
      id: "m1",
      text: "The AI assistant replied: Your todo app is ready.",
    });
    // The same reply reported again (a watcher ending on it too): not said again.
    expect(announcer.announce(reply())).toBeNull();
    // The next reply, even with the same words, is said.
    expect(announcer.announce(reply({ id: "m2" }))?.id).toBe("m2");
  });

  it("does not use up a reply that failed", () => {
    const announcer = createReplyAnnouncer();
    expect(announcer.announce(reply({ status: "failed" }))).toBeNull();
    expect(announcer.announce(reply())).not.toBeNull();
  });
});
