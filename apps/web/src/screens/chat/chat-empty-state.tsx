import { CHAT_MESSAGES } from "@liftoff/domain";
import {
  ChevronRightIcon,
  CodeIcon,
  DatabaseIcon,
  LayoutTemplateIcon,
  type LucideIcon,
  MessageSquareDashedIcon,
  RocketIcon,
} from "lucide-react";

/** Prompts a builder can start from (they fill the input; nothing is sent until Enter). */
export const EXAMPLE_PROMPTS = [
  "Build a todo app with tasks, due dates and a done checkbox",
  "Add a dashboard page with charts of my data",
  "Let people sign up and keep their own private notes",
  "Make the design more modern with a dark header",
] as const;

export const NO_AI_EMPTY_TITLE = "Build without AI";
export const NO_AI_EMPTY_BODY =
  "You can preview and publish your app at any time, and keep building it here:";

/** What a builder can do in an app without the AI assistant; each absent one is not offered. */
export type BuilderShortcuts = {
  /** Fill this app from a template (only while it has no code of its own). */
  onUseTemplate?: (() => void) | undefined;
  /** The code editor (platform admins only: editing code is admin-only, spec section 6). */
  onOpenCodeEditor?: (() => void) | undefined;
  onOpenDatabase: () => void;
};

/**
 * The chat's empty state. With a model: 'Start a conversation' (spec section 2) with example
 * prompts, and the template shortcut while the app is still empty. Without one (issue 13):
 * example prompts would only be disabled buttons, so it leads with what the builder can do
 * instead, and offers only what this viewer may carry out.
 */
export function ChatEmptyState({
  aiConfigured,
  onPick,
  shortcuts,
}: {
  aiConfigured: boolean;
  onPick: (prompt: string) => void;
  shortcuts: BuilderShortcuts;
}) {
  if (!aiConfigured) return <NoAiEmptyState shortcuts={shortcuts} />;
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
              onClick={() => onPick(prompt)}
              className="w-full rounded-xl border border-border bg-background px-3.5 py-2.5 text-left text-13 text-foreground shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50/50"
              data-testid="chat-example"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
      {shortcuts.onUseTemplate ? (
        <p className="mt-5 text-13 text-muted-foreground">
          Or{" "}
          <button
            type="button"
            onClick={shortcuts.onUseTemplate}
            className="rounded font-medium text-primary underline-offset-4 hover:underline"
            data-testid="chat-empty-template"
          >
            start from a template
          </button>
        </p>
      ) : null}
    </div>
  );
}

function NoAiEmptyState({ shortcuts }: { shortcuts: BuilderShortcuts }) {
  const items: { icon: LucideIcon; title: string; text: string; onClick: () => void; testId: string }[] = [];
  if (shortcuts.onUseTemplate)
    items.push({
      icon: LayoutTemplateIcon,
      title: "Start from a template",
      text: "Replace the starter page with a ready-made app: pages, data and sign-up.",
      onClick: shortcuts.onUseTemplate,
      testId: "chat-shortcut-template",
    });
  items.push({
    icon: DatabaseIcon,
    title: "Set up your data",
    text: "Create entities, add records or import a CSV file in the Database panel.",
    onClick: shortcuts.onOpenDatabase,
    testId: "chat-shortcut-database",
  });
  if (shortcuts.onOpenCodeEditor)
    items.push({
      icon: CodeIcon,
      title: "Edit the code",
      text: "Change pages, components and styles in the code editor.",
      onClick: shortcuts.onOpenCodeEditor,
      testId: "chat-shortcut-code",
    });
  return (
    <div className="flex flex-col py-1" data-testid="chat-empty" data-mode="no-ai">
      <span className="mb-3 flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <RocketIcon className="size-5" aria-hidden />
      </span>
      <h3 className="text-base font-semibold tracking-tight">{NO_AI_EMPTY_TITLE}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{NO_AI_EMPTY_BODY}</p>
      <ul className="mt-4 grid gap-2" aria-label="What you can do">
        {items.map(({ icon: Icon, title, text, onClick, testId }) => (
          <li key={title}>
            <button
              type="button"
              onClick={onClick}
              className="group flex w-full items-center gap-3 rounded-xl border border-border bg-background px-3.5 py-3 text-left shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50/50"
              data-testid={testId}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-foreground/80 group-hover:bg-background">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="text-sm font-medium">{title}</span>
                <span className="text-13 text-muted-foreground">{text}</span>
              </span>
              <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
