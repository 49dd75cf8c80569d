import { actionFromTag } from "./action-from-tag.ts";
import type { ActionGroup, ActionParseResult, ActionTextPart, ParsedAction } from "./action-types.ts";
import { cleanActionContent } from "./clean-action-content.ts";
import { type FileFence, isClosingFence, isFenceLine, mayBeFence, readFileFence } from "./read-file-fence.ts";
import { readLiftoffTag } from "./read-liftoff-tag.ts";
import { withoutPartialCloseTag, withoutWrappingFences } from "./tidy-reply-text.ts";

export type FinishReason =
  | "stop"
  | "length"
  | "content-filter"
  | "tool-calls"
  | "error"
  | "other"
  | (string & {});

/** An action whose end has not arrived yet. `scan` is where the search for its end resumes. */
type OpenAction = {
  head: Omit<ParsedAction, "content" | "complete" | "truncated">;
  bodyStart: number;
  scan: number;
  /** Where the shown content starts once the first line is known (see provisionalContent). */
  contentStart?: number;
} & ({ kind: "tag" } | { kind: "fence"; fence: FileFence });

export type ActionStreamParser = {
  /** Adds the next piece of the reply and returns everything parsed so far. */
  push(chunk: string): ActionParseResult;
  /** Ends the stream: pending text is settled and open actions are marked incomplete/truncated. */
  finish(finishReason?: FinishReason): ActionParseResult;
  result(): ActionParseResult;
};

/**
 * The streaming parser of the action protocol (ARCHITECTURE.md "Action tags"). It keeps the
 * whole reply and a checkpoint: everything before the checkpoint is settled (closed
 * actions, group tags, prose), and only the unsettled tail is looked at again when more
 * text arrives. A decision is taken only when the text can no longer change it (a tag is
 * read once its '>' arrived, a fence once its line ended), so the final result is the same
 * however the reply was split into chunks.
 */
export function createActionStreamParser(): ActionStreamParser {
  let buffer = "";
  let pos = 0;
  let finished = false;
  let open: OpenAction | null = null;
  let openGroup: number | null = null;
  const groups: ActionGroup[] = [];
  const actions: ParsedAction[] = [];
  const parts: ActionTextPart[] = [];

  function addText(text: string) {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.type === "text") last.text += text;
    else parts.push({ type: "text", text });
  }

  function closeAction(content: string, complete: boolean, truncated: boolean) {
    if (!open) return;
    const action: ParsedAction = { ...open.head, content: cleanActionContent(content), complete, truncated };
    actions.push(action);
    parts.push({ type: "action", actionIndex: action.index });
    if (action.groupIndex !== null) groups[action.groupIndex]?.actionIndexes.push(action.index);
    open = null;
  }

  function headFor(fields: ReturnType<typeof actionFromTag>, source: ParsedAction["source"], start: number) {
    return { index: actions.length, groupIndex: openGroup, ...fields, source, start };
  }

  /** Prose mode: returns false when it must wait for more text. */
  function scanText(final: boolean): boolean {
    let textStart = pos;
    let i = pos;
    while (i < buffer.length) {
      const c = buffer[i];
      const lineStart = i === 0 || buffer[i - 1] === "\n";
      if (lineStart && (c === "`" || c === "~" || c === " ")) {
        const nl = buffer.indexOf("\n", i);
        const line = buffer.slice(i, nl === -1 ? buffer.length : nl);
        if (nl === -1 && !final && mayBeFence(line)) break;
        if (isFenceLine(line)) {
          const nl2 = nl === -1 ? -1 : buffer.indexOf("\n", nl + 1);
          const second = nl === -1 ? undefined : buffer.slice(nl + 1, nl2 === -1 ? buffer.length : nl2);
          if (nl2 === -1 && !final && readFileFence(line, undefined) === null) break;
          const fence = readFileFence(line, second);
          if (fence) {
            addText(buffer.slice(textStart, i));
            const bodyStart =
              fence.lines === 1 ? (nl === -1 ? buffer.length : nl + 1) : nl2 === -1 ? buffer.length : nl2 + 1;
            open = {
              kind: "fence",
              head: headFor(
                { type: "add_file", file: fence.file, title: `Create ${fence.file}` },
                "code-block",
                i,
              ),
              fence,
              bodyStart,
              scan: bodyStart,
            };
            pos = bodyStart;
            return true;
          }
          // A fence without a file: prose (markdown), which may itself wrap our tags.
          i = nl === -1 ? buffer.length : nl + 1;
          continue;
        }
      }
      if (c === "<") {
        const tag = readLiftoffTag(buffer, i, final);
        if (tag === "incomplete") break;
        if (tag) {
          addText(buffer.slice(textStart, i));
          pos = tag.end;
          textStart = pos;
          if (tag.name === "group") {
            if (tag.closing) {
              if (openGroup !== null) (groups[openGroup] as ActionGroup).complete = true;
              openGroup = null;
            } else {
              if (openGroup !== null) (groups[openGroup] as ActionGroup).complete = true;
              const index = groups.length;
              const title = tag.attributes.title?.trim() || `Changes ${index + 1}`;
              groups.push({ index, title, complete: tag.selfClosing, actionIndexes: [] });
              openGroup = tag.selfClosing ? null : index;
            }
          } else if (!tag.closing) {
            open = {
              kind: "tag",
              head: headFor(actionFromTag(tag.attributes), "tag", i),
              bodyStart: pos,
              scan: pos,
            };
            if (tag.selfClosing) closeAction("", true, false);
            else return true;
          }
          // A stray </liftoff-action> without an open action is dropped.
          i = pos;
          continue;
        }
      }
      i++;
    }
    addText(buffer.slice(textStart, i));
    pos = i;
    return false;
  }

  /** Inside <liftoff-action>: looks for its end. Returns false when it must wait. */
  function scanTagBody(action: Extract<OpenAction, { kind: "tag" }>, final: boolean): boolean {
    let i = buffer.indexOf("<", action.scan);
    while (i !== -1) {
      const tag = readLiftoffTag(buffer, i, final);
      if (tag === "incomplete") {
        action.scan = i;
        return false;
      }
      if (tag) {
        const body = buffer.slice(action.bodyStart, i);
        if (tag.name === "action" && tag.closing) {
          closeAction(body, true, false);
          pos = tag.end;
        } else {
          // A new action or a group tag before this one was closed: the model forgot the
          // closing tag and moved on, so the body is all it meant to write.
          closeAction(body, true, false);
          pos = i;
        }
        return true;
      }
      i = buffer.indexOf("<", i + 1);
    }
    action.scan = buffer.length;
    return false;
  }

  /** Inside a fenced file block: looks for the closing fence line. */
  function scanFenceBody(action: Extract<OpenAction, { kind: "fence" }>, final: boolean): boolean {
    let lineStart = action.scan;
    while (lineStart < buffer.length) {
      const nl = buffer.indexOf("\n", lineStart);
      if (nl === -1 && !final) break;
      const line = buffer.slice(lineStart, nl === -1 ? buffer.length : nl);
      if (isClosingFence(line, action.fence)) {
        closeAction(buffer.slice(action.bodyStart, lineStart), true, false);
        pos = nl === -1 ? buffer.length : nl + 1;
        return true;
      }
      lineStart = nl === -1 ? buffer.length : nl + 1;
    }
    action.scan = lineStart;
    return false;
  }

  function advance(final: boolean) {
    while (true) {
      const progressed = open
        ? open.kind === "tag"
          ? scanTagBody(open, final)
          : scanFenceBody(open, final)
        : scanText(final);
      if (!progressed) return;
    }
  }

  /**
   * The content of the action being written, cheaply: cleaning the whole body on every
   * chunk would make a long file quadratic. Once the body's first line is known (and
   * whether it is a fence to skip), the content is a slice of the buffer from there.
   */
  function provisionalContent(action: OpenAction, end: number): string {
    if (action.contentStart === undefined) {
      const firstText = buffer.slice(action.bodyStart, end).search(/\S/);
      const nl = firstText === -1 ? -1 : buffer.indexOf("\n", action.bodyStart + firstText);
      if (nl === -1 || nl >= end) return cleanActionContent(buffer.slice(action.bodyStart, end));
      const lineStart = buffer.lastIndexOf("\n", action.bodyStart + firstText) + 1;
      const firstLine = buffer.slice(Math.max(lineStart, action.bodyStart), nl);
      const isFence = action.kind === "tag" && /^[ \t]*(`{3,}|~{3,})[^\n]*$/.test(firstLine);
      action.contentStart = isFence ? nl + 1 : Math.max(lineStart, action.bodyStart);
    }
    return buffer
      .slice(action.contentStart, Math.max(action.contentStart, end))
      .replace(/^(?:[ \t]*\n)+/, "")
      .trimEnd();
  }

  function snapshot(): ActionParseResult {
    const outActions = actions.map((a) => ({
      ...a,
      ...(a.permissions ? { permissions: { ...a.permissions } } : {}),
    }));
    const outGroups = groups.map((g) => ({ ...g, actionIndexes: [...g.actionIndexes] }));
    const outParts: ActionTextPart[] = [];
    parts.forEach((part, k) => {
      if (part.type === "action") outParts.push({ ...part });
      else {
        const text = withoutWrappingFences(
          part.text,
          parts[k - 1]?.type === "action",
          k + 1 < parts.length || !!open,
        );
        if (text) outParts.push({ type: "text", text });
      }
    });
    if (open) {
      // The action being written, shown as in progress.
      const end = open.kind === "tag" ? Math.min(open.scan, buffer.length) : buffer.length;
      const provisional: ParsedAction = {
        ...open.head,
        content: provisionalContent(open, Math.max(open.bodyStart, end)),
        complete: false,
        truncated: false,
      };
      outActions.push(provisional);
      outParts.push({ type: "action", actionIndex: provisional.index });
      if (provisional.groupIndex !== null)
        outGroups[provisional.groupIndex]?.actionIndexes.push(provisional.index);
    }
    return {
      groups: outGroups,
      actions: outActions,
      parts: outParts,
      text: outParts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n\n"),
      finished,
      truncated: outActions.some((a) => a.truncated),
    };
  }

  return {
    push(chunk) {
      if (finished) throw new Error("The stream was already finished");
      buffer += chunk;
      advance(false);
      return snapshot();
    },
    finish(finishReason) {
      if (!finished) {
        advance(true);
        if (open) {
          closeAction(withoutPartialCloseTag(buffer.slice(open.bodyStart)), false, finishReason === "length");
        }
        if (openGroup !== null) openGroup = null;
        finished = true;
      }
      return snapshot();
    },
    result: snapshot,
  };
}
