import { type ChatMessage, CONTINUE_TRUNCATED_PROMPT } from "@liftoff/domain";
import { Skeleton, Spinner, Tooltip } from "@liftoff/ui";
import { MessageSquareIcon, SparklesIcon } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { LoadError } from "../apps/load-error.tsx";
import { AssistantMessageView } from "./assistant-message-view.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import { type BuilderShortcuts, ChatEmptyState } from "./chat-empty-state.tsx";
import { ChatNoticeBar } from "./chat-notice-bar.tsx";
import { ChatSetupCard } from "./chat-setup-card.tsx";
import { ChatUsageSummary } from "./chat-usage-summary.tsx";
import type { BuilderChat, SendChatOptions } from "./use-builder-chat.ts";
import { PendingUserMessage, UserMessageView } from "./user-message-view.tsx";

/** Distance from the bottom (px) within which new text keeps the list scrolled to the end. */
const STICK_PX = 96;

export type ChatPanelProps = {
  appId: string;
  chat: BuilderChat;
  isAdmin: boolean;
  /** The preview is reloading after a reply ('Refreshing preview…', spec section 9). */
  refreshing: boolean;
  /** A validator repair made a new version. */
  onRepaired: () => void;
  onUpgrade: () => void;
  /** What the empty state offers besides the chat (templates, Database panel, code editor). */
  shortcuts: BuilderShortcuts;
};

/** The builder chat (spec section 2 "Chat screen"): history, the reply as it streams, and the input. */
export function ChatPanel({
  appId,
  chat,
  isAdmin,
  refreshing,
  onRepaired,
  onUpgrade,
  shortcuts,
}: ChatPanelProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const stick = useRef(true);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const { messages, pending, send, setDraft } = chat;
  const empty = chat.status === "ready" && messages.length === 0 && !pending;
  // An empty chat reads from its top (the empty state's heading), not from its end.
  const atTop = useRef(empty);
  atTop.current = empty;

  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atTop.current) element.scrollTop = 0;
    else if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages, pending, refreshing, chat.notice, chat.status]);
  // The list or its box changing size (images loading, a rotated phone, the composer
  // growing) keeps the end in view too, as long as the builder had scrolled to the end.
  useEffect(() => {
    const element = scroller.current;
    const content = element?.firstElementChild;
    if (!element || !content) return;
    const observer = new ResizeObserver(() => {
      if (stick.current && !atTop.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const sendText = useCallback(
    (text: string, options: SendChatOptions) => {
      stick.current = true;
      return send(text, options);
    },
    [send],
  );
  const keepGoing = useCallback(() => void sendText(CONTINUE_TRUNCATED_PROMPT, {}), [sendText]);
  const last = messages.at(-1);
  const retryOf = (message: ChatMessage): (() => void) | undefined => {
    if (message !== last || chat.busy) return undefined;
    const asked = messages.at(-2);
    if (asked?.role !== "user") return undefined;
    return () => void sendText(asked.content, { attachments: asked.experimental_attachments });
  };

  return (
    <section
      aria-label="Chat"
      className="flex min-h-0 flex-1 flex-col bg-background"
      data-testid="chat-panel"
    >
      <header className="flex h-11 shrink-0 items-center gap-2 border-b border-border px-3 lg:px-4">
        <SparklesIcon className="size-4 text-primary" aria-hidden />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">AI assistant</h2>
        {isAdmin ? <ChatUsageSummary appId={appId} refreshKey={chat.finishedTurns} /> : null}
        {chat.usage ? (
          <Tooltip content="Builder chat messages used on your plan">
            <span
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs text-muted-foreground tabular-nums"
              data-testid="chat-message-count"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip.
              tabIndex={0}
            >
              <MessageSquareIcon className="size-3.5" aria-hidden />
              {chat.usage.builderChatMessagesUsed} / {chat.usage.builderChatMessagesTotal}
            </span>
          </Tooltip>
        ) : null}
      </header>

      <div
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        data-testid="chat-messages"
        // A log, but not a live one: streamed text would be read token by token. Each reply is
        // said once, when it is final, by the builder's ChatReplyAnnouncer.
        role="log"
        aria-live="off"
        aria-label="Chat messages"
      >
        <div className="flex min-h-full flex-col gap-5 px-3 py-4 lg:px-4">
          {/* Without a model an empty chat leads with what the builder can do; the setup card follows. */}
          {!chat.aiConfigured && !empty ? (
            <ChatSetupCard message={chat.setupMessage} isAdmin={isAdmin} />
          ) : null}
          {chat.status === "loading" ? (
            <div className="grid gap-4" aria-busy="true">
              <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
              <Skeleton className="h-24 w-5/6 rounded-xl" />
              <span className="sr-only">Loading the chat</span>
            </div>
          ) : chat.status === "error" ? (
            <LoadError title="Couldn't load the chat" error={null} onRetry={chat.reload} />
          ) : empty ? (
            <>
              <ChatEmptyState
                aiConfigured={chat.aiConfigured}
                shortcuts={shortcuts}
                onPick={(prompt) => {
                  setDraft(prompt);
                  input.current?.focus();
                }}
              />
              {!chat.aiConfigured ? <ChatSetupCard message={chat.setupMessage} isAdmin={isAdmin} /> : null}
            </>
          ) : null}
          {messages.map((message) =>
            message.role === "user" ? (
              <UserMessageView
                key={message.id}
                message={message}
                canRevert={!chat.busy}
                onRevert={chat.revert}
              />
            ) : (
              <AssistantMessageView
                key={message.id}
                appId={appId}
                message={message}
                isAdmin={isAdmin}
                isLast={message === last}
                busy={chat.busy}
                onKeepGoing={keepGoing}
                onRetry={message.status === "failed" ? retryOf(message) : undefined}
                onRepaired={onRepaired}
              />
            ),
          )}
          {pending ? (
            <PendingUserMessage content={pending.content} attachments={pending.attachments} />
          ) : null}
        </div>
      </div>

      <div className="grid shrink-0 gap-2 px-3 pt-1 pb-3 lg:px-4">
        {refreshing ? (
          <p
            className="flex items-center justify-center gap-2 text-xs text-muted-foreground"
            role="status"
            data-testid="chat-refreshing"
          >
            <Spinner size="xs" label={null} />
            Refreshing preview…
          </p>
        ) : null}
        {chat.notice ? (
          <ChatNoticeBar notice={chat.notice} onDismiss={chat.dismissNotice} onUpgrade={onUpgrade} />
        ) : null}
        <ChatComposer
          appId={appId}
          value={chat.draft}
          onChange={setDraft}
          onSend={(text, attachments) => {
            setDraft("");
            return sendText(text, { attachments }).then((ok) => {
              if (!ok) setDraft(text);
              return ok;
            });
          }}
          busy={chat.busy}
          disabled={!chat.aiConfigured || chat.status !== "ready"}
          // The chat's callers (the owner, platform admins) are the upload route's too.
          canAttach
          textareaRef={input}
        />
      </div>
    </section>
  );
}
