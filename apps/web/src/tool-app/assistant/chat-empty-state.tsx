import type { PublicToolApp } from "@liftoff/domain";
import { MessageCircleIcon } from "lucide-react";
import { ToolAppHeader } from "../page/tool-app-header.tsx";
import { starterPrompts } from "./starter-prompts.ts";

/** A chat with no messages yet: the app's header and a few questions to start with. */
export function ChatEmptyState({
  app,
  disabled,
  onPick,
}: {
  app: PublicToolApp;
  disabled: boolean;
  onPick: (prompt: string) => void;
}) {
  return (
    <div className="grid gap-5" data-testid="chat-empty">
      <ToolAppHeader
        title={app.header.trim() || app.name}
        description={app.description}
        welcome="Ask a question and the assistant will answer from what this app knows."
      />
      <section aria-labelledby="chat-starters" className="grid gap-2">
        <h2 id="chat-starters" className="text-center text-sm font-medium text-(--tool-subheader)">
          Try asking
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {starterPrompts(app.tools).map((prompt) => (
            <li key={prompt} className="min-w-0">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(prompt)}
                className="inline-flex min-h-10 max-w-full items-center gap-2 rounded-full border border-(--tool-input-border) bg-(--tool-surface) px-4 py-2 text-left text-sm text-(--tool-label) transition-opacity hover:opacity-85 disabled:opacity-60"
                data-testid="chat-starter"
              >
                <MessageCircleIcon className="size-4 shrink-0 text-(--tool-muted)" aria-hidden />
                <span className="min-w-0">{prompt}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
