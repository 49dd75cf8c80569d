import type { ActionParseResult } from "@liftoff/ai";
import type { ChatAction, ChatActionGroup, ChatMessagePart } from "@liftoff/domain";

/**
 * The displayable fields of an assistant message from the parser's view of its text:
 * prose and actions in reading order, the actions with their per-action status (kept from
 * `previous` once applied), and their titled groups.
 */
export function messageFromParse(
  parsed: ActionParseResult,
  extra: { reasoning: string; previous?: readonly ChatAction[] },
): { parts: ChatMessagePart[]; actions: ChatAction[]; groups: ChatActionGroup[] } {
  const parts: ChatMessagePart[] = [];
  if (extra.reasoning) parts.push({ type: "reasoning", text: extra.reasoning });
  for (const part of parsed.parts) {
    if (part.type === "text") {
      if (part.text.trim()) parts.push({ type: "text", text: part.text });
    } else parts.push({ type: "action", actionIndex: part.actionIndex });
  }
  const actions: ChatAction[] = parsed.actions.map((action) => {
    const before = extra.previous?.[action.index];
    return {
      index: action.index,
      groupIndex: action.groupIndex,
      title: action.title,
      type: action.type,
      file: action.file,
      content: action.content,
      complete: action.complete,
      truncated: action.truncated,
      ...(action.permissions ? { permissions: action.permissions } : {}),
      status: before?.status ?? "pending",
      ...(before?.error ? { error: before.error } : {}),
    };
  });
  const groups: ChatActionGroup[] = parsed.groups.map((g) => ({
    index: g.index,
    title: g.title,
    complete: g.complete,
    actionIndexes: [...g.actionIndexes],
  }));
  return { parts, actions, groups };
}
