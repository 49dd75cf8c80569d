import {
  describeAiError,
  type RunTextMessage,
  ratesOfModel,
  streamRunText,
  toUsageRecord,
} from "@liftoff/ai";
import { jsonValue } from "@liftoff/db";
import { ASSISTANT_CONTEXT_MESSAGES, ASSISTANT_MESSAGES, type AssistantMessage } from "@liftoff/domain";
import { LEASE_RENEW_MS, LIVE_PERSIST_INTERVAL_MS, leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { retrieveRunContext } from "../data-sources/retrieve-run-context.ts";
import { type RunCharge, refundRun } from "../runs/refund-run.ts";
import { assistantSystemPrompt } from "./assistant-system-prompt.ts";
import type { AssistantApp } from "./load-assistant-app.ts";

/** The most the model may write for one reply (ours): a long answer ends on length, never on the timeout. */
export const ASSISTANT_MAX_OUTPUT_TOKENS = 2_000;

/**
 * Writes one assistant reply, detached from the request: streamed into this process's hub
 * (every tab watching the conversation sees it grow) and into its row (at most every
 * LIVE_PERSIST_INTERVAL_MS), with a renewed lease; it ends ready or failed, never left in
 * progress. The model gets the app's instructions and the conversation's last messages. A
 * failure shows the spec's chat texts ('Rate limit exceeded…' on a provider 429, the
 * general one otherwise), keeps the technical reason in the row, and gives back the
 * message's count and credit.
 */
export async function runAssistantReply(input: {
  deps: Deps;
  app: AssistantApp;
  message: AssistantMessage;
  charge: RunCharge;
}): Promise<AssistantMessage> {
  const { deps, app } = input;
  const abort = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, deps.config.runTimeoutMs);
  deps.assistant.running.set(input.message.id, abort);
  let message = input.message;
  let lastPersist = 0;
  let persistTimer: NodeJS.Timeout | null = null;
  const persist = async () => {
    persistTimer = null;
    lastPersist = Date.now();
    await deps.db
      .updateTable("assistant_messages")
      .set({ content: message.content, leaseUntil: leaseUntil(), updatedAt: new Date() })
      .where("id", "=", message.id)
      .where("status", "=", "in_progress")
      .execute();
  };
  const renew = setInterval(() => {
    void deps.db
      .updateTable("assistant_messages")
      .set({ leaseUntil: leaseUntil() })
      .where("id", "=", message.id)
      .where("status", "=", "in_progress")
      .execute()
      .catch((error) => log.warn("assistant: lease renewal failed", { error }));
  }, LEASE_RENEW_MS);

  let failure: { text: string; details: string; timedOut: boolean } | null = null;
  let usage: Record<string, unknown> | null = null;
  try {
    const { config, model } = deps.ai.require();
    const history = await deps.db
      .selectFrom("assistant_messages")
      .select(["role", "content"])
      .where("conversationId", "=", message.conversationId)
      .where("id", "!=", message.id)
      .where("status", "=", "ready")
      .orderBy("createdAt", "desc")
      .limit(ASSISTANT_CONTEXT_MESSAGES)
      .execute();
    const messages: RunTextMessage[] = history.reverse().map((m) => ({ role: m.role, content: m.content }));
    // The passages that match the user's latest message, kept on the reply to cite them.
    const lastQuestion = [...messages].reverse().find((m) => m.role === "user");
    const context = await retrieveRunContext({
      deps,
      appId: app.id,
      query: typeof lastQuestion?.content === "string" ? lastQuestion.content : "",
    });
    if (context && context.sources.length > 0) {
      message = { ...message, sources: context.sources };
      deps.assistant.publish(message.id, message);
      await deps.db
        .updateTable("assistant_messages")
        .set({ sources: JSON.stringify(context.sources) })
        .where("id", "=", message.id)
        .execute();
    }
    const turn = await streamRunText({
      model,
      system: assistantSystemPrompt(app.published, context?.passages ?? null),
      messages,
      temperature: app.published.settings.modelTemperature,
      maxRetries: config.maxRetries,
      maxOutputTokens: ASSISTANT_MAX_OUTPUT_TOKENS,
      abortSignal: abort.signal,
      onText: (text) => {
        message = { ...message, content: message.content + text };
        deps.assistant.publish(message.id, message);
        if (!persistTimer)
          persistTimer = setTimeout(
            () => void persist().catch((error) => log.warn("assistant: saving progress failed", { error })),
            Math.max(0, LIVE_PERSIST_INTERVAL_MS - (Date.now() - lastPersist)),
          );
      },
    });
    usage = toUsageRecord({
      usage: turn.usage,
      rates: ratesOfModel(config.model),
      model: config.model,
      finishReason: turn.finishReason,
    });
    message = { ...message, status: "ready" };
  } catch (error) {
    const described = describeAiError(error);
    failure = {
      text: described.kind === "rate_limited" ? ASSISTANT_MESSAGES.rateLimited : ASSISTANT_MESSAGES.other,
      details: timedOut ? `no reply within ${deps.config.runTimeoutMs} ms` : described.detail,
      timedOut,
    };
    log.warn("assistant: reply failed", { appId: app.id, kind: described.kind, detail: described.detail });
    message = { ...message, status: "failed", error: failure.text };
  } finally {
    clearTimeout(timeout);
    clearInterval(renew);
    if (persistTimer) clearTimeout(persistTimer);
    deps.assistant.running.delete(input.message.id);
  }
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const ended = await trx
        .updateTable("assistant_messages")
        .set({
          content: message.content,
          status: message.status,
          error: message.error,
          errorDetails: failure?.details ?? null,
          usage: usage ? jsonValue(usage) : null,
          leaseUntil: null,
          updatedAt: new Date(),
        })
        .where("id", "=", message.id)
        .where("status", "=", "in_progress")
        .returning("id")
        .executeTakeFirst();
      // As runs: a timeout is not given back (the model was writing, and costing, all along).
      if (ended && failure && !failure.timedOut) await refundRun(trx, input.charge);
    })
    .catch((error) => log.error("assistant: saving the reply failed", { error }));
  deps.assistant.publish(message.id, message);
  return message;
}
