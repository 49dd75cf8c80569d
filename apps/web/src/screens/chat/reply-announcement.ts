import { CHAT_MESSAGES, type ChatMessage } from "@liftoff/domain";
import { messageBlocks } from "./message-blocks.ts";

/** What the chat's live region says about one finished reply (keyed by the message id). */
export type ReplyAnnouncement = { id: string; text: string };

/** Long replies are cut here: the whole text stays in the transcript to read at leisure. */
export const ANNOUNCEMENT_MAX_CHARS = 300;

/** Markdown as it would be heard: link text without addresses, no code, no markup. */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max = ANNOUNCEMENT_MAX_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * The sentence a screen reader hears when a reply is final: its prose (clipped), how many
 * changes it applied, and whether it was cut off. A failed reply says nothing here: its error
 * is a role="alert" in the transcript, announced by itself.
 */
export function replyAnnouncementText(message: ChatMessage): string | null {
  if (message.role !== "assistant" || message.status !== "ready") return null;
  const prose = messageBlocks(message)
    .flatMap((block) => (block.kind === "text" ? [spokenText(block.text)] : []))
    .filter(Boolean)
    .join(" ");
  const applied = message.actions.filter((action) => action.status === "applied").length;
  const sentences = [prose ? `The AI assistant replied: ${clip(prose)}` : "The AI assistant replied."];
  if (applied > 0) sentences.push(`${applied} ${applied === 1 ? "change" : "changes"} applied.`);
  if (message.annotations.truncated) sentences.push(CHAT_MESSAGES.truncated);
  return sentences.join(" ");
}

/**
 * Announces each reply once, when it is final, however often it is reported (the sending
 * stream and a watcher may both end on it; a re-render reports it again). Replies that
 * stream in are never announced token by token: only this, at their end.
 */
export function createReplyAnnouncer() {
  const announced = new Set<string>();
  return {
    announce(message: ChatMessage): ReplyAnnouncement | null {
      if (announced.has(message.id)) return null;
      const text = replyAnnouncementText(message);
      if (text === null) return null;
      announced.add(message.id);
      return { id: message.id, text };
    },
  };
}
