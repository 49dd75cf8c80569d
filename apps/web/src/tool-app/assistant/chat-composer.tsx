import { ASSISTANT_MESSAGE_MAX_LENGTH } from "@liftoff/domain";
import { SendHorizontalIcon } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId } from "react";
import { CONTROL, PRIMARY_BUTTON } from "../form/themed-classes.ts";
import { composerCounter } from "./composer-counter.ts";

export type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** A reply is being written: the text may be typed, not sent. */
  busy: boolean;
};

/**
 * The message box: Enter sends, Shift+Enter is a new line; Send waits while a reply is
 * written; at most 4,000 characters, with a counter once the cap is near.
 */
export function ChatComposer({ value, onChange, onSend, busy }: ChatComposerProps) {
  const id = useId();
  const counter = composerCounter(value.length);
  const canSend = !busy && value.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and a composing input method's Enter) stays in the text.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <form
      onSubmit={submit}
      className="sticky bottom-0 grid gap-1.5 rounded-2xl border border-(--tool-surface-border) bg-(--tool-surface) p-2 shadow-sm"
      data-testid="chat-composer"
    >
      <label htmlFor={id} className="sr-only">
        Your message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={ASSISTANT_MESSAGE_MAX_LENGTH}
          rows={1}
          placeholder="Ask a question…"
          aria-describedby={`${id}-hint`}
          className={`${CONTROL} field-sizing-content max-h-48 min-h-11 resize-none py-2.5 leading-6`}
          data-testid="chat-input"
        />
        <button
          type="submit"
          disabled={!canSend}
          className={`${PRIMARY_BUTTON} shrink-0 px-4`}
          data-testid="chat-send"
        >
          <SendHorizontalIcon className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">Send</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="flex justify-between gap-2 px-1 text-xs text-(--tool-muted)">
        <span>{busy ? "Waiting for the reply…" : "Enter to send, Shift+Enter for a new line"}</span>
        {counter ? (
          <span
            aria-live="polite"
            data-testid="chat-counter"
            className={counter.over ? "text-(--tool-error)" : ""}
          >
            {counter.text}
          </span>
        ) : null}
      </p>
    </form>
  );
}
