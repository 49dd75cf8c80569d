import { Button } from "@liftoff/ui";
import { PlugZapIcon } from "lucide-react";
import { Link } from "react-router";
import { setupMessageSegments } from "./chat-format.ts";

/** What a builder who cannot change the instance's model is told: something they can do. */
export const ASK_ADMIN_FOR_AI_MESSAGE = "Ask your administrator to set up an AI model.";

/**
 * No model configured. A platform admin gets what to set, in the server's words, with the
 * variables as code, and a way to Admin → AI model; everyone else is told whom to ask, not
 * operator instructions they cannot carry out.
 */
export function ChatSetupCard({ message, isAdmin }: { message: string | null; isAdmin: boolean }) {
  const text = isAdmin
    ? (message ?? "No AI model is configured on this server. Choose one in Admin → AI model.")
    : ASK_ADMIN_FOR_AI_MESSAGE;
  return (
    <section
      className="grid gap-3 rounded-2xl border border-warning-border bg-warning-subtle/60 p-4"
      data-testid="chat-setup"
      aria-label="Set up an AI model"
    >
      <div className="flex items-center gap-2.5">
        <span className="flex size-8 items-center justify-center rounded-lg bg-background text-warning-text ring-1 ring-warning-border">
          <PlugZapIcon className="size-4" aria-hidden />
        </span>
        <h3 className="text-sm font-semibold">Connect an AI model to start building</h3>
      </div>
      <p className="text-13 leading-6 text-foreground/90" data-testid="chat-setup-message">
        {setupMessageSegments(text).map((segment, i) =>
          segment.code ? (
            <code key={i} className="rounded bg-background px-1 py-0.5 font-mono text-xs ring-1 ring-border">
              {segment.text}
            </code>
          ) : (
            <span key={i}>{segment.text}</span>
          ),
        )}
      </p>
      {isAdmin ? (
        <div>
          <Button variant="outline" size="sm" asChild>
            <Link to="/admin">Choose a model in Admin</Link>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
