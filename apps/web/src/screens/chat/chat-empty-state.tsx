import { CHAT_MESSAGES } from "@liftoff/domain";
import { MessageSquareDashedIcon } from "lucide-react";

/** Prompts a builder can start from (they fill the input; nothing is sent until Enter). */
export const EXAMPLE_PROMPTS = [
  "Build a todo app with tasks, due dates and a done checkbox",
  "Add a dashboard page with charts of my data",
  "Let people sign up and keep their own private notes",
  "Make the design more modern with a dark header",
] as const;

/** 'Start a conversation' (spec section 2), with example prompts. */
export function ChatEmptyState({
  onPick,
  disabled,
}: {
  onPick: (prompt: string) => void;
  disabled: boolean;
}) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center px-2 py-8 text-center"
      data-testid="chat-empty"
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <MessageSquareDashedIcon className="size-5" aria-hidden />
      </span>
      <h3 className="text-base font-semibold tracking-tight">{CHAT_MESSAGES.emptyTitle}</h3>
      <p className="mt-1 max-w-xs text-sm text-muted-foreground">{CHAT_MESSAGES.emptyBody}</p>
      <ul className="mt-6 grid w-full max-w-sm gap-2" aria-label="Example prompts">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(prompt)}
              className="w-full rounded-xl border border-border bg-background px-3.5 py-2.5 text-left text-13 text-foreground shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50/50 disabled:pointer-events-none disabled:opacity-55"
              data-testid="chat-example"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
