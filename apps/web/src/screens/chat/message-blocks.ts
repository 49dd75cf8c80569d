import type { ChatAction, ChatActionGroup, ChatMessage, ChatMessagePart } from "@liftoff/domain";

type ToolInvocation = Extract<ChatMessagePart, { type: "tool-invocation" }>["toolInvocation"];

/** What an assistant message shows, in reading order. */
export type MessageBlock =
  | { kind: "text"; key: string; text: string }
  | { kind: "reasoning"; key: string; text: string }
  /** Actions under their titled group (`group` null: actions written outside any group). */
  | { kind: "actions"; key: string; group: ChatActionGroup | null; actions: ChatAction[] }
  | { kind: "tool"; key: string; invocation: ToolInvocation }
  | { kind: "file"; key: string; url: string; mediaType: string; name: string | undefined }
  | { kind: "source"; key: string; url: string; title: string | undefined };

/**
 * Turns an assistant message into blocks: text and reasoning as written, and each action
 * group once, at the place of its first action, holding all of its actions (a model may
 * write text between two actions of one group; the group still reads as one list). Actions
 * outside groups gather with their neighbours. While the message is being written, a group
 * whose first action has not arrived yet shows (empty) at the end, so its title appears as
 * soon as the model opens it. The raw `content` is never shown: it holds the action tags.
 */
export function messageBlocks(message: ChatMessage): MessageBlock[] {
  const blocks: MessageBlock[] = [];
  const groupBlocks = new Map<number, Extract<MessageBlock, { kind: "actions" }>>();
  const actionsByIndex = new Map(message.actions.map((action) => [action.index, action]));
  const groupsByIndex = new Map(message.groups.map((group) => [group.index, group]));
  const placed = new Set<number>();

  const place = (action: ChatAction, at: number) => {
    if (placed.has(action.index)) return;
    placed.add(action.index);
    const group = action.groupIndex === null ? null : (groupsByIndex.get(action.groupIndex) ?? null);
    if (group) {
      const existing = groupBlocks.get(group.index);
      if (existing) {
        existing.actions.push(action);
        return;
      }
      const block = { kind: "actions" as const, key: `group-${group.index}`, group, actions: [action] };
      groupBlocks.set(group.index, block);
      blocks.push(block);
      return;
    }
    const last = blocks.at(-1);
    if (last?.kind === "actions" && last.group === null) last.actions.push(action);
    else blocks.push({ kind: "actions", key: `actions-${at}`, group: null, actions: [action] });
  };

  message.parts.forEach((part, at) => {
    switch (part.type) {
      case "text":
        if (part.text.trim() === "") return;
        blocks.push({ kind: "text", key: `text-${at}`, text: part.text });
        return;
      case "reasoning":
        if (part.text.trim() === "") return;
        blocks.push({ kind: "reasoning", key: `reasoning-${at}`, text: part.text });
        return;
      case "action": {
        const action = actionsByIndex.get(part.actionIndex);
        if (action) place(action, at);
        return;
      }
      case "tool-invocation":
        blocks.push({
          kind: "tool",
          key: `tool-${part.toolInvocation.toolCallId}`,
          invocation: part.toolInvocation,
        });
        return;
      case "file":
        blocks.push({
          kind: "file",
          key: `file-${at}`,
          url: part.url,
          mediaType: part.mediaType,
          name: part.name,
        });
        return;
      case "source":
        blocks.push({ kind: "source", key: `source-${at}`, url: part.url, title: part.title });
        return;
    }
  });

  // Actions without a part (an older message), in their own order.
  for (const action of message.actions) place(action, message.parts.length + action.index);
  if (message.status === "in_progress") {
    for (const group of message.groups) {
      if (groupBlocks.has(group.index)) continue;
      const block = { kind: "actions" as const, key: `group-${group.index}`, group, actions: [] };
      groupBlocks.set(group.index, block);
      blocks.push(block);
    }
  }
  // A message with text but no parts (written before parts existed) still reads.
  if (blocks.length === 0 && message.content.trim() !== "" && message.actions.length === 0)
    blocks.push({ kind: "text", key: "content", text: message.content });
  for (const block of blocks) if (block.kind === "actions") block.actions.sort((a, b) => a.index - b.index);
  return blocks;
}

/** How an action is doing, for its status icon. */
export type ActionState = "writing" | "pending" | "applied" | "failed" | "skipped";

export function actionState(action: ChatAction, messageStatus: ChatMessage["status"]): ActionState {
  if (action.status === "applied") return "applied";
  if (action.status === "failed") return "failed";
  if (messageStatus === "in_progress") return action.complete ? "pending" : "writing";
  // The turn ended without applying it (the reply failed, or it was cut off).
  return "skipped";
}

/** A group's overall state: writing while any action is, failed if one failed, else applied. */
export function groupState(
  actions: readonly ChatAction[],
  messageStatus: ChatMessage["status"],
): ActionState {
  const states = actions.map((action) => actionState(action, messageStatus));
  if (messageStatus === "in_progress")
    return states.includes("writing") || states.length === 0 ? "writing" : "pending";
  if (states.includes("failed")) return "failed";
  if (states.length > 0 && states.every((state) => state === "applied")) return "applied";
  return states.includes("applied") ? "applied" : "skipped";
}

const ACTION_TYPE_LABELS: Record<ChatAction["type"], string> = {
  add_file: "New file",
  edit_file: "Edit",
  delete_file: "Delete",
  add_entity: "New table",
  edit_entity: "Table change",
  import_entities: "Import",
  insert_entity_records: "Records",
  unknown: "Change",
};

export function actionTypeLabel(type: ChatAction["type"]): string {
  return ACTION_TYPE_LABELS[type];
}

/** A tool call as one line ('Read pages/Tasks.jsx', 'Listed entities'). */
export function toolInvocationLabel(invocation: ToolInvocation): string {
  const args = (invocation.args ?? {}) as Record<string, unknown>;
  const done = invocation.state === "result";
  switch (invocation.toolName) {
    case "readFile":
    case "read_file":
      return `${done ? "Read" : "Reading"} ${typeof args.path === "string" ? args.path : "a file"}`;
    case "listEntities":
    case "list_entities":
      return done ? "Listed the app's entities" : "Listing the app's entities";
    default:
      return `${done ? "Used" : "Using"} ${invocation.toolName}`;
  }
}
