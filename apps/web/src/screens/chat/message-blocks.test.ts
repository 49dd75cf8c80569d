import type { ChatAction, ChatMessage } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { actionState, groupState, messageBlocks, toolInvocationLabel } from "./message-blocks.ts";

function action(index: number, groupIndex: number | null, overrides: Partial<ChatAction> = {}): ChatAction {
  return {
    index,
    groupIndex,
    title: `Action ${index}`,
    type: "add_file",
    file: `pages/P${index}.jsx`,
    content: "export default function P() {}",
    complete: true,
    truncated: false,
    status: "applied",
    ...overrides,
  };
}

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: "m1",
    role: "assistant",
    content: "raw text with <liftoff-action> tags",
    createdAt: "2026-11-24T10:00:00.000Z",
    status: "ready",
    parts: [],
    actions: [],
    groups: [],
    annotations: {},
    experimental_attachments: [],
    toolInvocations: [],
    ...overrides,
  };
}

const kinds = (m: ChatMessage) =>
  messageBlocks(m).map((b) =>
    b.kind === "actions"
      ? `actions:${b.group?.title ?? "-"}:${b.actions.map((a) => a.index).join(",")}`
      : b.kind,
  );

describe("messageBlocks", () => {
  it("keeps reading order and puts a group's actions under its title", () => {
    const m = message({
      parts: [
        { type: "reasoning", text: "Thinking about tasks" },
        { type: "text", text: "I'll build it." },
        { type: "action", actionIndex: 0 },
        { type: "action", actionIndex: 1 },
        { type: "text", text: "\n\n" },
        { type: "action", actionIndex: 2 },
        { type: "text", text: "Ready." },
      ],
      actions: [action(0, 0), action(1, 0), action(2, 0)],
      groups: [{ index: 0, title: "Todo app", complete: true, actionIndexes: [0, 1, 2] }],
    });
    expect(kinds(m)).toEqual(["reasoning", "text", "actions:Todo app:0,1,2", "text"]);
  });

  it("shows a group once even when text interrupts it, and separates two groups", () => {
    const m = message({
      parts: [
        { type: "action", actionIndex: 0 },
        { type: "text", text: "Now the page." },
        { type: "action", actionIndex: 1 },
        { type: "action", actionIndex: 2 },
      ],
      actions: [action(0, 0), action(1, 0), action(2, 1)],
      groups: [
        { index: 0, title: "Data", complete: true, actionIndexes: [0, 1] },
        { index: 1, title: "Pages", complete: true, actionIndexes: [2] },
      ],
    });
    expect(kinds(m)).toEqual(["actions:Data:0,1", "text", "actions:Pages:2"]);
  });

  it("gathers neighbouring actions outside groups, split by text", () => {
    const m = message({
      parts: [
        { type: "action", actionIndex: 0 },
        { type: "action", actionIndex: 1 },
        { type: "text", text: "and" },
        { type: "action", actionIndex: 2 },
      ],
      actions: [action(0, null), action(1, null), action(2, null)],
    });
    expect(kinds(m)).toEqual(["actions:-:0,1", "text", "actions:-:2"]);
  });

  it("never shows the raw content when parts exist, and falls back to it when none do", () => {
    expect(kinds(message({ parts: [{ type: "text", text: "Hello" }] }))).toEqual(["text"]);
    const blocks = messageBlocks(message({ content: "Plain reply", parts: [] }));
    expect(blocks).toEqual([{ kind: "text", key: "content", text: "Plain reply" }]);
    // Actions without parts still show, without the raw tags.
    expect(kinds(message({ parts: [], actions: [action(0, null)] }))).toEqual(["actions:-:0"]);
  });

  it("shows a group that is being opened before its first action arrives", () => {
    const m = message({
      status: "in_progress",
      parts: [{ type: "text", text: "Building" }],
      groups: [{ index: 0, title: "Todo app", complete: false, actionIndexes: [] }],
    });
    expect(kinds(m)).toEqual(["text", "actions:Todo app:"]);
    expect(kinds({ ...m, status: "ready" })).toEqual(["text"]);
  });

  it("lists tool calls, files and sources where they were made", () => {
    const m = message({
      parts: [
        {
          type: "tool-invocation",
          toolInvocation: {
            toolName: "read_file",
            toolCallId: "t1",
            state: "result",
            args: { path: "pages/Tasks.jsx" },
          },
        },
        { type: "file", url: "/files/1/a.png", mediaType: "image/png" },
        { type: "source", url: "https://example.com", title: "Example" },
      ],
    });
    expect(kinds(m)).toEqual(["tool", "file", "source"]);
  });
});

describe("action states", () => {
  it("spins while written, checks when applied, and shows failures", () => {
    expect(actionState(action(0, 0, { status: "pending", complete: false }), "in_progress")).toBe("writing");
    expect(actionState(action(0, 0, { status: "pending" }), "in_progress")).toBe("pending");
    expect(actionState(action(0, 0), "ready")).toBe("applied");
    expect(actionState(action(0, 0, { status: "failed", error: "no match" }), "ready")).toBe("failed");
    expect(actionState(action(0, 0, { status: "pending" }), "failed")).toBe("skipped");
  });

  it("sums a group up", () => {
    expect(groupState([], "in_progress")).toBe("writing");
    expect(groupState([action(0, 0, { status: "pending" })], "in_progress")).toBe("pending");
    expect(groupState([action(0, 0), action(1, 0)], "ready")).toBe("applied");
    expect(groupState([action(0, 0), action(1, 0, { status: "failed" })], "ready")).toBe("failed");
    expect(groupState([action(0, 0, { status: "pending" })], "failed")).toBe("skipped");
  });
});

describe("toolInvocationLabel", () => {
  it("names what the assistant looked at", () => {
    const call = { toolCallId: "t", args: { path: "layout.jsx" } } as const;
    expect(toolInvocationLabel({ ...call, toolName: "read_file", state: "call" })).toBe("Reading layout.jsx");
    expect(toolInvocationLabel({ ...call, toolName: "read_file", state: "result" })).toBe("Read layout.jsx");
    expect(toolInvocationLabel({ ...call, toolName: "list_entities", state: "result" })).toBe(
      "Listed the app's entities",
    );
    expect(toolInvocationLabel({ ...call, toolName: "search", state: "result" })).toBe("Used search");
  });
});
