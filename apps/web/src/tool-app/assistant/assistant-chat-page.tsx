import { type PublicToolApp, toolAppHomeUrl } from "@liftoff/domain";
import { Button } from "@liftoff/ui";
import { AlertCircleIcon, ArrowLeftIcon, MessageSquarePlusIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ChatBubble } from "./chat-bubble.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatEmptyState } from "./chat-empty-state.tsx";
import { useAssistantChat } from "./use-assistant-chat.ts";

/**
 * The chat assistant's page of a generated app ({base}/chat): the conversation (kept on
 * this device, so a reload shows it and a reply being written goes on streaming), starter
 * prompts while it is empty, the composer, and New conversation. Refusals (the daily limit,
 * busy, no assistant) show above the composer; a failed reply shows in its bubble with Retry.
 */
export function AssistantChatPage({ app, base }: { app: PublicToolApp; base: string }) {
  const chat = useAssistantChat(app.appId);
  const [draft, setDraft] = useState("");
  const { state } = chat;
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLDivElement>(null);
  const title = app.header.trim() || app.name;
  const last = state.messages.at(-1);

  // Follow the conversation as it grows (a new message, a reply's next words).
  const tail = `${state.messages.length}:${last?.content.length ?? 0}:${last?.status ?? ""}`;
  useEffect(() => {
    if (!tail.startsWith("0:")) endRef.current?.scrollIntoView({ block: "end" });
  }, [tail]);

  const send = async (content: string) => {
    const text = content.trim();
    if (!text || chat.busy) return;
    setDraft("");
    // The Send button is disabled while the reply is written: keep the keyboard in the box.
    inputRef.current?.querySelector("textarea")?.focus();
    const result = await chat.send(text);
    // Not taken (refused, never answered): the words come back unless something new was typed.
    if (result !== "sent") setDraft((current) => current || text);
  };
  const startOver = () => {
    chat.newConversation();
    setDraft("");
    inputRef.current?.querySelector("textarea")?.focus();
  };
  const empty = state.messages.length === 0 && state.phase !== "loading";

  return (
    <>
      <nav className="flex flex-wrap items-center justify-between gap-2" aria-label="Chat">
        <a
          href={toolAppHomeUrl(base)}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-(--tool-subheader) hover:underline"
          data-testid="chat-back-home"
        >
          <ArrowLeftIcon className="size-4" aria-hidden /> {title}
        </a>
        {state.messages.length > 0 ? (
          <Button variant="outline" size="sm" onClick={startOver} data-testid="chat-new">
            <MessageSquarePlusIcon aria-hidden="true" />
            New conversation
          </Button>
        ) : null}
      </nav>
      {empty ? (
        <ChatEmptyState app={app} disabled={chat.busy} onPick={(prompt) => void send(prompt)} />
      ) : (
        <h1 className="sr-only">Chat with {title}</h1>
      )}
      <section
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        aria-busy={state.phase === "loading"}
        className="grid flex-1 content-start gap-3"
        data-testid="chat-log"
      >
        {state.phase === "loading" ? (
          <p className="text-center text-sm text-(--tool-muted)">Loading the conversation…</p>
        ) : null}
        {state.messages.map((message) => (
          <ChatBubble
            key={message.id}
            message={message}
            {...(message.status === "failed" && !chat.busy
              ? { onRetry: () => void chat.retry(message.id) }
              : {})}
          />
        ))}
        <div ref={endRef} className="scroll-mb-40" />
      </section>
      {state.refusal ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-2xl border border-destructive-border bg-destructive-subtle px-4 py-3 text-sm text-destructive-text"
          data-testid="chat-refusal"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {state.refusal}
        </p>
      ) : null}
      <div ref={inputRef}>
        <ChatComposer value={draft} onChange={setDraft} onSend={() => void send(draft)} busy={chat.busy} />
      </div>
    </>
  );
}
