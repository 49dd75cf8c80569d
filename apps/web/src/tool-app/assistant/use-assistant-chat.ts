import { type AssistantConversation, assistantConversationSchema } from "@liftoff/domain";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { readAppToken } from "../../host/app-token-store.ts";
import { decideReattach } from "../run/reattach-policy.ts";
import { assistantConversationUrl, assistantEventsUrl, assistantMessagesUrl } from "./assistant-urls.ts";
import { chatRefusal } from "./chat-refusal.ts";
import {
  type ChatState,
  chatReducer,
  INITIAL_CHAT_STATE,
  questionOf,
  replyInProgress,
} from "./chat-state.ts";
import { readAssistantStream } from "./read-assistant-stream.ts";
import {
  forgetConversation,
  localConversationStorage,
  readRememberedConversation,
  rememberConversation,
} from "./remembered-conversation.ts";

/** What a send came to: the composer keeps the text unless the server took the message. */
export type SendResult = "sent" | "refused" | "dropped";

export type AssistantChat = {
  state: ChatState;
  /** A reply is being written, the message is on its way or the conversation loads: the composer waits. */
  busy: boolean;
  send(content: string): Promise<SendResult>;
  /** Sends again the end user's message a failed reply answered. */
  retry(replyId: string): Promise<SendResult>;
  /** Forgets the conversation on this device and starts a blank one. */
  newConversation(): void;
};

type Open = (signal: AbortSignal) => Promise<Response>;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * An end user's chat with a generated app's assistant: POST …/assistant/messages streams
 * the reply (whole messages in every event, folded by chatReducer); a stream that drops
 * before `done` re-attaches to …/messages/{id}/events (bounded, as runs do), and a reload
 * reads the remembered conversation and re-attaches to a reply still being written.
 * Network failures and aborts show nothing (the spec's chat errors say so): the page
 * re-attaches or, failing that, lets the end user send again (a 409 then re-attaches).
 */
export function useAssistantChat(appId: string): AssistantChat {
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE, (initial) =>
    readRememberedConversation(localConversationStorage(), appId)
      ? { ...initial, phase: "loading" as const }
      : initial,
  );
  const [watching, setWatching] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const controllerRef = useRef<AbortController | null>(null);

  const headers = useCallback(
    (json: boolean): Record<string, string> => {
      const result: Record<string, string> = { Accept: json ? "text/event-stream" : "application/json" };
      if (json) result["Content-Type"] = "application/json";
      const token = readAppToken(appId);
      if (token) result.Authorization = `Bearer ${token}`;
      return result;
    },
    [appId],
  );

  /** Takes over the page's connection: an earlier stream stops being watched. */
  const takeOver = useCallback((): AbortController => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    return controller;
  }, []);

  const openEvents = useCallback(
    (messageId: string): Open =>
      (signal) =>
        fetch(assistantEventsUrl(appId, messageId), {
          headers: { ...headers(false), Accept: "text/event-stream" },
          signal,
        }),
    [appId, headers],
  );

  /** Reads a reply's stream to `done`, re-attaching when it drops; `first` is already open. */
  const follow = useCallback(
    async (controller: AbortController, first: Response | null, messageId: string | null) => {
      const { signal } = controller;
      let id = messageId;
      let response: Response | null = first;
      let attempt = 0;
      setWatching(true);
      try {
        while (!signal.aborted) {
          let finished = false;
          try {
            const res = response ?? (id ? await openEvents(id)(signal) : null);
            response = null;
            if (!res) return;
            // A refused re-attach (the reply is gone): nothing more to watch.
            if (!res.ok || !res.body) return;
            const outcome = await readAssistantStream(res.body, (event) =>
              dispatch({ type: "event", event }),
            );
            id = outcome.messageId ?? id;
            finished = outcome.finished;
            if (outcome.events > 0) attempt = 0;
            if (outcome.missing) return;
          } catch {
            // A network failure or an abort: re-attach below, or stop when aborted.
          }
          const decision = decideReattach({ finished, runId: id, aborted: signal.aborted, attempt });
          if (!decision.reattach) return;
          attempt += 1;
          await wait(decision.delayMs, signal);
        }
      } finally {
        if (controllerRef.current === controller) setWatching(false);
      }
    },
    [openEvents],
  );

  const load = useCallback(
    async (conversationId: string, controller: AbortController) => {
      let conversation: AssistantConversation | null = null;
      try {
        const res = await fetch(assistantConversationUrl(appId, conversationId), {
          headers: headers(false),
          signal: controller.signal,
        });
        if (res.status === 404) forgetConversation(localConversationStorage(), appId);
        else if (res.ok) conversation = assistantConversationSchema.parse(await res.json());
      } catch {
        if (controller.signal.aborted) return;
      }
      dispatch({ type: "loaded", conversation });
      const writing = conversation?.messages.find(
        (m) => m.role === "assistant" && m.status === "in_progress",
      );
      if (writing) await follow(controller, null, writing.id);
    },
    [appId, headers, follow],
  );

  // A remembered conversation shows again, and a reply still being written resumes.
  useEffect(() => {
    const conversationId = readRememberedConversation(localConversationStorage(), appId);
    if (!conversationId) return;
    const controller = takeOver();
    void load(conversationId, controller);
    return () => controller.abort();
  }, [appId, load, takeOver]);

  useEffect(() => {
    if (state.conversationId) rememberConversation(localConversationStorage(), appId, state.conversationId);
  }, [appId, state.conversationId]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    async (content: string): Promise<SendResult> => {
      const controller = takeOver();
      const conversationId = stateRef.current.conversationId;
      dispatch({ type: "sending", content, at: new Date().toISOString() });
      let res: Response;
      try {
        res = await fetch(assistantMessagesUrl(appId), {
          method: "POST",
          headers: headers(true),
          body: JSON.stringify(conversationId ? { conversationId, content } : { content }),
          signal: controller.signal,
        });
      } catch {
        // Never answered (network, abort): nothing is shown; the server may still have it.
        dispatch({ type: "dropped" });
        if (!controller.signal.aborted && conversationId) void load(conversationId, controller);
        return "dropped";
      }
      if (!res.ok) {
        const refusal = chatRefusal(res.status, await res.json().catch(() => null));
        if (refusal.conversationGone) {
          forgetConversation(localConversationStorage(), appId);
          dispatch({ type: "reset" });
        }
        dispatch({ type: "refused", message: refusal.message });
        if (refusal.replyId) void follow(controller, null, refusal.replyId);
        return "refused";
      }
      await follow(controller, res, null);
      return "sent";
    },
    [appId, headers, takeOver, follow, load],
  );

  const retry = useCallback(
    async (replyId: string): Promise<SendResult> => {
      const question = questionOf(stateRef.current, replyId);
      return question ? send(question) : "refused";
    },
    [send],
  );

  const newConversation = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setWatching(false);
    forgetConversation(localConversationStorage(), appId);
    dispatch({ type: "reset" });
  }, [appId]);

  // Loading: a send now would start a second conversation beside the remembered one.
  const busy =
    state.phase === "sending" || state.phase === "loading" || (watching && replyInProgress(state) !== null);
  return { state, busy, send, retry, newConversation };
}
