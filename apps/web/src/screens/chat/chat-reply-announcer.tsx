import type { ReplyAnnouncement } from "./reply-announcement.ts";

/**
 * The chat's polite live region (visually hidden): it says each finished reply once. It is
 * rendered by the builder for as long as the chat lives, even while another panel is open,
 * and is in the page before anything is said in it (a region added with its text is not read).
 * A new paragraph per reply, keyed by its id, is read even when two replies say the same.
 */
export function ChatReplyAnnouncer({ announcement }: { announcement: ReplyAnnouncement | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">
      {announcement ? <p key={announcement.id}>{announcement.text}</p> : null}
    </div>
  );
}
