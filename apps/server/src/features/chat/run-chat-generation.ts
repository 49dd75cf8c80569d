import { randomUUID } from "node:crypto";
import {
  type ActionParseResult,
  addTokenUsage,
  buildSystemPrompt,
  createActionStreamParser,
  describeAiError,
  ratesOfModel,
  streamBuilderTurn,
  type TokenUsage,
  type ToolInvocationRecord,
  toUsageRecord,
} from "@liftoff/ai";
import { jsonValue } from "@liftoff/db";
import {
  CHAT_CONTEXT_MESSAGES,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatMessageAnnotations,
  isAppError,
} from "@liftoff/domain";
import type { ModelMessage } from "ai";
import { LEASE_RENEW_MS, LIVE_PERSIST_INTERVAL_MS, leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { applyChatActions } from "./apply-chat-actions.ts";
import { loadAttachmentImages } from "./load-attachment-images.ts";
import { loadChatContext, summaryOf } from "./load-chat-context.ts";
import { messageFromParse } from "./message-from-parse.ts";
import { chatAttachmentsOf } from "./to-chat-message.ts";
import { validateAndRepair } from "./validate-and-repair.ts";

export type ChatGenerationInput = {
  deps: Deps;
  appId: string;
  userId: string;
  /** The assistant message (in_progress) this generation fills. */
  message: ChatMessage;
  /** Runtime errors sent with 'Fix this error' / 'Resolve with AI', one line each. */
  errors: readonly string[];
};

/**
 * Generates one assistant reply, independent of any HTTP request: the browser may go away,
 * the reply is still written, applied and stored. Streams into the hub (every tab watching
 * sees it grow) and into the database (throttled, so a reload resumes from the text so far),
 * renews the message's lease while it runs, applies the finished actions as one version,
 * validates and repairs it, records usage, and ends ready or failed — never in_progress.
 */
export async function runChatGeneration(input: ChatGenerationInput): Promise<ChatMessage> {
  const { deps, appId, userId } = input;
  const abort = new AbortController();
  deps.chat.running.set(input.message.id, abort);
  let message: ChatMessage = input.message;
  let lastPersist = 0;
  let persistTimer: NodeJS.Timeout | null = null;
  const renew = setInterval(() => {
    void deps.db
      .updateTable("chat_messages")
      .set({ leaseUntil: leaseUntil() })
      .where("id", "=", message.id)
      .where("status", "=", "in_progress")
      .execute()
      .catch((error) => log.warn("chat: lease renewal failed", { error }));
  }, LEASE_RENEW_MS);

  const persist = async (final: boolean) => {
    if (persistTimer) {
      clearTimeout(persistTimer);
      persistTimer = null;
    }
    lastPersist = Date.now();
    await deps.db
      .updateTable("chat_messages")
      .set({
        content: message.content,
        status: message.status,
        parts: jsonValue(message.parts),
        actions: jsonValue(message.actions),
        groups: jsonValue(message.groups),
        annotations: jsonValue(message.annotations),
        toolInvocations: jsonValue(message.toolInvocations),
        leaseUntil: final ? null : leaseUntil(),
        updatedAt: new Date(),
      })
      .where("id", "=", message.id)
      .execute();
  };
  const grew = () => {
    deps.chat.publish(message.id, message);
    if (persistTimer) return;
    const wait = Math.max(0, LIVE_PERSIST_INTERVAL_MS - (Date.now() - lastPersist));
    persistTimer = setTimeout(() => {
      persistTimer = null;
      void persist(false).catch((error) => log.warn("chat: saving progress failed", { error }));
    }, wait);
  };

  try {
    const { config, model } = deps.ai.require();
    const context = await loadChatContext(deps.db, appId);
    const history = await deps.db
      .selectFrom("chat_messages")
      .select(["role", "content", "id", "attachments"])
      .where("appId", "=", appId)
      .where("id", "!=", message.id)
      .where("status", "!=", "failed")
      .orderBy("seq", "desc")
      .limit(CHAT_CONTEXT_MESSAGES)
      .execute();
    const recent = history.reverse().filter((m) => m.content.trim() !== "");
    const messages: ModelMessage[] = recent.map((m) => ({ role: m.role, content: m.content }));
    // The new message's images go to the model as image parts (read from storage).
    const last = recent.at(-1);
    if (last?.role === "user") {
      const images = await loadAttachmentImages(deps, appId, chatAttachmentsOf(last.attachments));
      if (images.length > 0)
        messages[messages.length - 1] = {
          role: "user",
          content: [
            { type: "text", text: last.content },
            ...images.map((i) => ({ type: "image" as const, ...i })),
          ],
        };
    }

    const parser = createActionStreamParser();
    let reasoning = "";
    const invocations: ToolInvocationRecord[] = [];
    const show = (parsed: ActionParseResult) => {
      message = { ...message, ...messageFromParse(parsed, { reasoning }), toolInvocations: [...invocations] };
    };
    const turn = await streamBuilderTurn({
      model,
      system: buildSystemPrompt(summaryOf(context, input.errors)),
      messages,
      temperature: config.temperature,
      maxRetries: config.maxRetries,
      abortSignal: abort.signal,
      tools: {
        readFile: (path) => context.files.get(path) ?? null,
        listEntities: () => context.entities,
      },
      onEvent: (event) => {
        if (event.type === "text") {
          message = { ...message, content: message.content + event.text };
          show(parser.push(event.text));
        } else if (event.type === "reasoning") {
          reasoning += event.text;
          show(parser.result());
        } else {
          const at = invocations.findIndex((i) => i.toolCallId === event.invocation.toolCallId);
          if (at === -1) invocations.push({ ...event.invocation });
          else invocations[at] = { ...event.invocation };
          show(parser.result());
        }
        grew();
      },
    });
    const parsed = parser.finish(turn.finishReason === "length" ? "length" : "stop");
    show(parsed);
    const truncated = turn.finishReason === "length";

    const applyStarted = performance.now();
    const applied = await applyChatActions({
      deps,
      appId,
      userId,
      actions: message.actions,
      abortSignal: abort.signal,
    });
    const applyingActionsMs = performance.now() - applyStarted;
    message = { ...message, actions: applied.actions };
    let usage: TokenUsage = addTokenUsage(turn.usage, applied.extraUsage);
    let versionId = applied.versionId;
    const annotations: ChatMessageAnnotations = {
      ...message.annotations,
      model: config.model,
      ...(truncated ? { truncated: true } : {}),
    };
    if (versionId) {
      const validation = await validateAndRepair({
        deps,
        appId,
        versionId,
        userId,
        useModel: true,
        applyingActionsMs,
        abortSignal: abort.signal,
      });
      const { usage: repairUsage, ...result } = validation;
      if (repairUsage) usage = addTokenUsage(usage, repairUsage);
      versionId = result.appBundle.versionId;
      annotations.validation = result;
    }
    const record = toUsageRecord({
      usage,
      rates: ratesOfModel(config.model),
      model: config.model,
      finishReason: turn.finishReason,
    });
    annotations.usage = record;
    annotations.versionId = versionId;
    annotations.status = "ready";
    message = { ...message, status: "ready", annotations };
    await deps.db
      .insertInto("chat_usage")
      .values({
        id: randomUUID(),
        appId,
        userId,
        messageId: message.id,
        record: JSON.stringify(record),
        totalTokens: record.totalTokens,
        totalCost: record.totalCost,
      })
      .execute();
  } catch (error) {
    const failure = describeAiError(error);
    // Our own errors (no model configured, the app gone) carry their message for the user.
    const text = isAppError(error)
      ? error.message
      : failure.kind === "rate_limited"
        ? CHAT_MESSAGES.rateLimited
        : failure.kind === "aborted"
          ? CHAT_MESSAGES.lastMessageFailed
          : CHAT_MESSAGES.other;
    if (failure.kind !== "rate_limited")
      log.warn("chat: generation failed", { appId, kind: failure.kind, detail: failure.detail });
    message = {
      ...message,
      status: "failed",
      annotations: { ...message.annotations, status: "failed", error: text, errorDetails: failure.detail },
    };
  } finally {
    clearInterval(renew);
    deps.chat.running.delete(input.message.id);
  }
  await persist(true).catch((error) => log.error("chat: saving the final message failed", { error }));
  deps.chat.publish(message.id, message);
  return message;
}
