import {
  type AppRuntimeError,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatHistory,
  type ChatMessage,
  type RestoreVersionResult,
} from "@liftoff/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { chatApi } from "./chat-api.ts";
import { type ChatSendFailure, chatSendFailure, isIgnoredChatFailure } from "./chat-send-error.ts";
import { readChatStream } from "./read-chat-stream.ts";
import { createReplyAnnouncer, type ReplyAnnouncement } from "./reply-announcement.ts";

/** A refusal shown above the composer until the next send (spec section 8, "Chat"). */
export type ChatNotice = { kind: Exclude<ChatSendFailure["kind"], "noModel">; message: string };

export type SendChatOptions = {
  /** The preview's App errors, for 'Fix this error' and 'Resolve with AI'. */
  errors?: AppRuntimeError[];
  attachments?: ChatAttachment[];
  /** Called when this turn's reply is final (ready or failed). */
  onFinished?: (message: ChatMessage) => void;
};

export type BuilderChat = {
  status: "loading" | "error" | "ready";
  messages: ChatMessage[];
  /** The user message on its way, shown until the server stores it. */
  pending: { content: string; attachments: ChatAttachment[] } | null;
  aiConfigured: boolean;
  setupMessage: string | null;
  usage: ChatHistory["usage"] | null;
  notice: ChatNotice | null;
  dismissNotice: () => void;
  /** A message is being sent or a reply written: sending again is blocked. */
  busy: boolean;
  /** Bumps whenever a reply finishes (the admin usage summary reloads on it). */
  finishedTurns: number;
  /** The newest finished reply, as the chat's live region says it (once per reply). */
  announcement: ReplyAnnouncement | null;
  draft: string;
  setDraft: (text: string) => void;
  /** Resolves true once the server accepted the message (the reply then streams on). */
  send: (content: string, options?: SendChatOptions) => Promise<boolean>;
  /** 'Revert to this version?': throws Error('Failed to revert to version') on failure. */
  revert: (userMessage: ChatMessage) => Promise<void>;
  reload: () => void;
};

const RESUME_ATTEMPTS = 4;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The builder chat of one space app, held by the builder screen so it keeps streaming while
 * another panel is open. Loads the history and resumes watching a reply still being written
 * (a reload mid-generation); sends messages and follows their stream; turns refusals into
 * the spec's texts; reverts. `onTurnFinished` runs for every reply that becomes final, sent
 * from here or watched, so the builder can reload the app's files and preview.
 */
export function useBuilderChat(options: {
  appId: string;
  onTurnFinished: (message: ChatMessage) => void;
  onReverted: (result: RestoreVersionResult) => void;
}): BuilderChat {
  const { appId } = options;
  const [status, setStatus] = useState<BuilderChat["status"]>("loading");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<BuilderChat["pending"]>(null);
  const [aiConfigured, setAiConfigured] = useState(true);
  const [setupMessage, setSetupMessage] = useState<string | null>(null);
  const [usage, setUsage] = useState<ChatHistory["usage"] | null>(null);
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  const [sending, setSending] = useState(false);
  const [finishedTurns, setFinishedTurns] = useState(0);
  const [announcement, setAnnouncement] = useState<ReplyAnnouncement | null>(null);
  const announcer = useRef(createReplyAnnouncer());
  const [draft, setDraft] = useState("");
  const [attempt, setAttempt] = useState(0);

  const lifetime = useRef(new AbortController());
  const watching = useRef(new Set<string>());
  const callbacks = useRef(options);
  callbacks.current = options;
  const busy = sending || messages.some((message) => message.status === "in_progress");
  const busyRef = useRef(busy);
  busyRef.current = busy;

  const upsert = useCallback((message: ChatMessage) => {
    setMessages((list) => {
      const at = list.findIndex((existing) => existing.id === message.id);
      if (at === -1) return [...list, message];
      const next = list.slice();
      next[at] = message;
      return next;
    });
  }, []);

  const finish = useCallback((message: ChatMessage, onFinished?: (message: ChatMessage) => void) => {
    setFinishedTurns((n) => n + 1);
    const said = announcer.current.announce(message);
    if (said) setAnnouncement(said);
    callbacks.current.onTurnFinished(message);
    onFinished?.(message);
  }, []);

  /** Follows one stream to its end; returns the final message, if it came. */
  const consume = useCallback(
    async (response: Response, track: { messageId: string | null; onStart?: () => void }) => {
      if (!response.body) return null;
      let final: ChatMessage | null = null;
      await readChatStream(response.body, (event) => {
        track.messageId = event.message.id;
        if (event.type === "start") {
          upsert(event.userMessage);
          setPending(null);
          setUsage((current) =>
            current ? { ...current, builderChatMessagesUsed: current.builderChatMessagesUsed + 1 } : current,
          );
          track.onStart?.();
        }
        upsert(event.message);
        if (event.type === "done") final = event.message;
      });
      return final as ChatMessage | null;
    },
    [upsert],
  );

  const loadHistory = useRef<(resume: boolean) => Promise<void>>(async () => {});

  /** Watches a reply being written until it is final, reconnecting a few times on drops. */
  const watch = useCallback(
    async (messageId: string, onFinished?: (message: ChatMessage) => void) => {
      if (watching.current.has(messageId)) return;
      watching.current.add(messageId);
      const { signal } = lifetime.current;
      try {
        for (let attempt = 0; attempt < RESUME_ATTEMPTS && !signal.aborted; attempt++) {
          try {
            const response = await chatApi.watch(appId, messageId, signal);
            if (response.status === 404) return; // reverted away meanwhile
            if (response.ok) {
              const final = await consume(response, { messageId });
              if (final) {
                finish(final, onFinished);
                return;
              }
            }
          } catch {
            // A dropped connection: try again below.
          }
          await sleep(1000 * (attempt + 1), signal);
        }
        if (!signal.aborted) await loadHistory.current(false);
      } finally {
        watching.current.delete(messageId);
      }
    },
    [appId, consume, finish],
  );

  loadHistory.current = async (resume: boolean) => {
    const { signal } = lifetime.current;
    try {
      const history = await chatApi.history(appId);
      if (signal.aborted) return;
      setMessages(history.messages);
      setAiConfigured(history.aiConfigured);
      setSetupMessage(history.setupMessage);
      setUsage(history.usage);
      setStatus("ready");
      const last = history.messages.at(-1);
      if (resume && last?.status === "in_progress") void watch(last.id);
    } catch {
      if (!signal.aborted) setStatus((current) => (current === "ready" ? current : "error"));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: appId and attempt are the triggers.
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    setStatus("loading");
    setMessages([]);
    setNotice(null);
    void loadHistory.current(true);
    return () => controller.abort();
  }, [appId, attempt]);

  const refuse = useCallback((failure: ChatSendFailure) => {
    if (failure.kind === "noModel") {
      setAiConfigured(false);
      setSetupMessage(failure.message);
      return;
    }
    setNotice({ kind: failure.kind, message: failure.message });
    // Another tab's reply is being written: show it and follow it here too.
    if (failure.kind === "busy") void loadHistory.current(true);
  }, []);

  const send = useCallback(
    (content: string, sendOptions: SendChatOptions = {}) =>
      new Promise<boolean>((resolve) => {
        const text = content.trim();
        if (!text || busyRef.current) {
          resolve(false);
          return;
        }
        const attachments = sendOptions.attachments ?? [];
        const { signal } = lifetime.current;
        const track: { messageId: string | null; onStart?: () => void } = { messageId: null };
        let accepted = false;
        track.onStart = () => {
          accepted = true;
          setSending(false);
          resolve(true);
        };
        busyRef.current = true;
        setNotice(null);
        setSending(true);
        setPending({ content: text, attachments });
        void (async () => {
          try {
            const body = {
              content: text,
              attachments,
              ...(sendOptions.errors?.length ? { errors: sendOptions.errors } : {}),
            };
            const response = await chatApi.send(appId, body, signal);
            if (!response.ok) {
              refuse(chatSendFailure(response.status, await response.json().catch(() => undefined)));
              return;
            }
            const final = await consume(response, track);
            if (final) finish(final, sendOptions.onFinished);
            else if (track.messageId) void watch(track.messageId, sendOptions.onFinished);
          } catch (error) {
            // Network failures and aborts are ignored (spec section 8); a reply that was
            // already accepted keeps going on the server, so follow it again.
            if (accepted && track.messageId && !signal.aborted)
              void watch(track.messageId, sendOptions.onFinished);
            else if (!isIgnoredChatFailure(error)) setNotice({ kind: "other", message: CHAT_MESSAGES.other });
          } finally {
            setSending(false);
            setPending(null);
            if (!accepted) resolve(false);
          }
        })();
      }),
    [appId, consume, finish, refuse, watch],
  );

  const revert = useCallback(
    async (userMessage: ChatMessage) => {
      const versionId = userMessage.annotations.versionId;
      if (!versionId) throw new Error(CHAT_MESSAGES.revertFailed);
      let result: RestoreVersionResult;
      try {
        result = await chatApi.restore(appId, versionId, userMessage.id);
      } catch {
        throw new Error(CHAT_MESSAGES.revertFailed);
      }
      const removed = new Set(result.removedMessageIds);
      setMessages((list) => list.filter((message) => !removed.has(message.id)));
      setNotice(null);
      setDraft(result.restoredText);
      callbacks.current.onReverted(result);
    },
    [appId],
  );

  const dismissNotice = useCallback(() => setNotice(null), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return useMemo(
    () => ({
      status,
      messages,
      pending,
      aiConfigured,
      setupMessage,
      usage,
      notice,
      dismissNotice,
      busy,
      finishedTurns,
      announcement,
      draft,
      setDraft,
      send,
      revert,
      reload,
    }),
    [
      status,
      messages,
      pending,
      aiConfigured,
      setupMessage,
      usage,
      notice,
      dismissNotice,
      busy,
      finishedTurns,
      announcement,
      draft,
      send,
      revert,
      reload,
    ],
  );
}
