import {
  addTokenUsage,
  describeAiError,
  type RunTextMessage,
  ratesOfModel,
  streamRunText,
  type TokenUsage,
  toUsageRecord,
} from "@liftoff/ai";
import { jsonValue } from "@liftoff/db";
import {
  applyRunEvent,
  type BlockStreamEvent,
  blockRetryPrompt,
  buildRunPrompt,
  createBlockStreamParser,
  followupPrompt,
  hasBlockValidation,
  isAppError,
  type MemorizedValue,
  quoteUserValue,
  type ResultBlock,
  RUN_MESSAGES,
  type RunErrorCode,
  type RunRequest,
  type RunStreamEvent,
  type RunView,
  type RunViewEvent,
  runBlocks,
  validateBlockOutput,
} from "@liftoff/domain";
import { LEASE_RENEW_MS, LIVE_PERSIST_INTERVAL_MS, leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { retrieveRunContext } from "../data-sources/retrieve-run-context.ts";
import { runQueryText } from "../data-sources/run-query-text.ts";
import { checkBlockWithModel } from "./check-block-with-model.ts";
import type { RunnableTool } from "./load-runnable-tool.ts";
import { modelForRun } from "./model-for-run.ts";
import { type RunCharge, refundRun } from "./refund-run.ts";
import { rememberAnswers } from "./remember-answers.ts";
import { suggestFollowups } from "./suggest-followups.ts";

/**
 * The most the model may write for a run's answer, and for one block's retry (ours,
 * docs/defaults.md): an answer asked to go on forever ends on length, well inside the
 * timeout, and counts like any other.
 */
export const RUN_MAX_OUTPUT_TOKENS = 8_000;
export const RUN_RETRY_MAX_OUTPUT_TOKENS = 2_000;

export type ToolRunInput = {
  deps: Deps;
  runnable: RunnableTool;
  runId: string;
  request: RunRequest;
  /** The run's view as stored when it started (idle). */
  view: RunView;
  /** A follow-up: the answer it continues (as the model wrote it) and the end user's request. */
  followup: { answer: string; request: string } | null;
  memorized: readonly MemorizedValue[];
  appUserId: string | null;
  charge: RunCharge;
};

/** The answer as the model wrote it, for a follow-up's conversation: every block in its tags. */
export function answerTextOf(view: Pick<RunView, "blocks">): string {
  return view.blocks
    .map((block) => `<block id="${encodeURIComponent(block.id)}">\n${block.text}\n</block>`)
    .join("\n");
}

const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

/**
 * Runs one tool for an end user, detached from the request that started it: closing the
 * browser changes nothing, the run is still answered, validated and stored. Every event
 * is folded into the run's view (the same `applyRunEvent` the page uses), published to
 * this process's watchers and written to the row at most every LIVE_PERSIST_INTERVAL_MS,
 * so a tab on another instance, or a reload, picks the run up where it is. The run holds a
 * lease while it works; it ends success or error, never left running, and a run that got
 * no answer gives back its limit counts and credits.
 *
 * Order of work: the context step when the tool has data items (until data sources land,
 * an explicit "no context"), the streamed answer parsed into blocks as it arrives, then
 * each checked block's verdict with one bounded retry, the 'Creative suggestions' when
 * Interactive Followups is on, and the end user's 'memorize' answers.
 */
export async function runToolGeneration(input: ToolRunInput): Promise<RunView> {
  const { deps, runnable, runId } = input;
  const { tool, saved } = runnable;
  const abort = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, deps.config.runTimeoutMs);
  deps.runs.running.set(runId, abort);
  let view = input.view;
  deps.runs.views.set(runId, view);

  // The row was stored with the first view a moment ago: the first progress is due an interval later.
  let lastPersist = Date.now();
  let persistTimer: NodeJS.Timeout | null = null;
  const persistProgress = async () => {
    persistTimer = null;
    lastPersist = Date.now();
    await deps.db
      .updateTable("tool_runs")
      .set({ view: jsonValue(view), leaseUntil: leaseUntil(), updatedAt: new Date() })
      .where("id", "=", runId)
      .where("status", "=", "running")
      .execute();
  };
  // The stored progress serves watchers on other instances and shows what was written
  // when a crash interrupts the run. The embedded database has one instance, whose watchers
  // follow the hub, and one connection, where these writes queue in front of every other
  // statement (bench/runs, 200 runs at once): there it is stored half as often.
  const persistEvery = deps.dbKind === "pglite" ? 2 * LIVE_PERSIST_INTERVAL_MS : LIVE_PERSIST_INTERVAL_MS;
  const schedulePersist = () => {
    if (persistTimer) return;
    const wait = Math.max(0, persistEvery - (Date.now() - lastPersist));
    persistTimer = setTimeout(
      () => void persistProgress().catch((error) => log.warn("run: saving progress failed", { error })),
      wait,
    );
  };
  const renew = setInterval(() => {
    void deps.db
      .updateTable("tool_runs")
      .set({ leaseUntil: leaseUntil() })
      .where("id", "=", runId)
      .where("status", "=", "running")
      .execute()
      .catch((error) => log.warn("run: lease renewal failed", { error }));
  }, LEASE_RENEW_MS);

  const emit = (event: RunStreamEvent & RunViewEvent) => {
    view = applyRunEvent(view, event);
    deps.runs.views.set(runId, view);
    deps.runs.publish(runId, event);
    schedulePersist();
  };

  let usage = ZERO_USAGE;
  let modelId: string | null = null;
  let failure: { code: RunErrorCode; message: string; details: string } | null = null;
  try {
    const { config, model } = modelForRun(deps.ai, saved.settings.aiModel);
    modelId = config.model;
    const blocks = runBlocks(tool);
    const common = {
      model,
      temperature: saved.settings.modelTemperature,
      maxRetries: config.maxRetries,
      abortSignal: abort.signal,
    };

    // The data sources first: the passages that match the answers (or, for
    // 'search_similar_item', the closest rows of the tool's items lists), cited by number.
    const similar = saved.settings.aiQueryMethod === "search_similar_item";
    emit({
      type: "phase",
      runId,
      phase: "loading",
      step: similar ? "search-similar-item" : "query-context-items",
    });
    const context = await retrieveRunContext({
      deps,
      appId: runnable.app.id,
      query: runQueryText(input.request, input.followup?.request),
      dataItemIds: tool.dataItems.map((item) => item.contextItemId),
      onlyItemsLists: similar,
      indexedItems: runnable.indexedItems,
    });
    if (context && context.sources.length > 0) emit({ type: "sources", sources: context.sources });
    emit({ type: "phase", runId, phase: "loading", step: "generate" });
    const prompt = buildRunPrompt({
      tool,
      features: saved.features,
      request: input.request,
      memorizedValues: input.memorized,
      context: context?.passages ?? null,
    });
    const messages: RunTextMessage[] = input.followup
      ? [
          { role: "user", content: prompt.prompt },
          { role: "assistant", content: input.followup.answer },
          { role: "user", content: followupPrompt(input.followup.request) },
        ]
      : [{ role: "user", content: prompt.prompt }];

    const texts = new Map<string, string>();
    const forward = (events: BlockStreamEvent[], only?: string) => {
      for (const event of events) {
        if (only !== undefined && event.blockId !== only) continue;
        if (event.type === "block-delta")
          emit({ type: "block-delta", blockId: event.blockId, text: event.text });
        else if (event.type === "block-end") {
          texts.set(event.blockId, event.text);
          emit({ type: "block-end", blockId: event.blockId });
        }
      }
    };
    const parser = createBlockStreamParser({ blockIds: blocks.map((block) => block.id) });
    const turn = await streamRunText({
      ...common,
      system: prompt.system,
      messages,
      maxOutputTokens: RUN_MAX_OUTPUT_TOKENS,
      onText: (text) => forward(parser.push(text)),
    });
    forward(parser.end().events);
    usage = turn.usage;

    const verdictOf = async (block: ResultBlock, text: string) => {
      const local = validateBlockOutput({ block, text });
      if (!local.ok) return local;
      const checkPrompt = block.validation?.modelCheckPrompt?.trim() ?? "";
      if (checkPrompt === "") return { ok: true as const };
      const verdict = await checkBlockWithModel({ ...common, block, text, checkPrompt });
      // The checker read an answer that the end user's values steered, so its message goes
      // into the retry prompt quoted as data, never as a line of our own instructions.
      return verdict.ok ? verdict : { ok: false as const, message: verdict.message, fromModel: true };
    };
    for (const block of blocks.filter(hasBlockValidation)) {
      const first = await verdictOf(block, texts.get(block.id) ?? "");
      if (first.ok) {
        emit({ type: "block-validated", blockId: block.id });
        continue;
      }
      // The one bounded retry: the same conversation, told what was wrong, writes this block again.
      emit({ type: "block-failed", blockId: block.id, message: first.message, retrying: true });
      const retryParser = createBlockStreamParser({ blockIds: [block.id] });
      const retry = await streamRunText({
        ...common,
        maxOutputTokens: RUN_RETRY_MAX_OUTPUT_TOKENS,
        system: prompt.system,
        messages: [
          ...messages,
          { role: "assistant", content: turn.text },
          {
            role: "user",
            content: blockRetryPrompt({
              block,
              message: "fromModel" in first ? quoteUserValue(first.message) : first.message,
            }),
          },
        ],
        onText: (text) => forward(retryParser.push(text), block.id),
      });
      forward(retryParser.end().events, block.id);
      usage = addTokenUsage(usage, retry.usage);
      const second = await verdictOf(block, texts.get(block.id) ?? "");
      emit(
        second.ok
          ? { type: "block-validated", blockId: block.id }
          : { type: "block-failed", blockId: block.id, message: second.message, retrying: false },
      );
    }
    emit({ type: "phase", runId, phase: "success", step: null });

    if (saved.features.includes("interactive_followups")) {
      const suggestions = await suggestFollowups({ ...common, answer: answerTextOf(view) }).catch((error) => {
        log.info("run: no follow-up suggestions", { runId, detail: describeAiError(error).detail });
        return [];
      });
      if (suggestions.length > 0) emit({ type: "suggestions", suggestions });
    }
    if (input.appUserId)
      await rememberAnswers(deps.db, {
        appId: runnable.app.id,
        appUserId: input.appUserId,
        fields: tool.fields,
        request: input.request,
      }).catch((error) => log.warn("run: remembering answers failed", { runId, error }));
  } catch (error) {
    const described = describeAiError(error);
    failure = timedOut
      ? {
          code: "timeout",
          message: RUN_MESSAGES.timeout,
          details: `no answer within ${deps.config.runTimeoutMs} ms`,
        }
      : isAppError(error)
        ? { code: "unavailable", message: RUN_MESSAGES.noModel, details: error.message }
        : described.kind === "rate_limited"
          ? { code: "rate_limited", message: RUN_MESSAGES.rateLimited, details: described.detail }
          : described.kind === "aborted"
            ? {
                code: "internal",
                message: RUN_MESSAGES.interrupted,
                details: "the server stopped during the run",
              }
            : { code: "model_error", message: RUN_MESSAGES.modelError, details: described.detail };
    log.warn("run: failed", { runId, appId: runnable.app.id, code: failure.code, detail: failure.details });
    emit({ type: "error", code: failure.code, message: failure.message });
  } finally {
    clearTimeout(timeout);
    clearInterval(renew);
    if (persistTimer) clearTimeout(persistTimer);
    deps.runs.running.delete(runId);
  }

  // Stored before watchers hear 'done', and dropped from the live views only then: a tab that
  // attaches in between reads the finished row.
  const phase = failure ? "error" : "success";
  view = applyRunEvent(view, { type: "done", phase });
  const record = modelId
    ? toUsageRecord({ usage, rates: ratesOfModel(modelId), model: modelId, finishReason: phase })
    : null;
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const ended = await trx
        .updateTable("tool_runs")
        .set({
          status: phase,
          view: jsonValue(view),
          errorCode: failure?.code ?? null,
          errorDetails: failure?.details ?? null,
          usage: record ? jsonValue(record) : null,
          model: modelId,
          leaseUntil: null,
          updatedAt: new Date(),
          finishedAt: new Date(),
        })
        .where("id", "=", runId)
        .where("status", "=", "running")
        .returning("id")
        .executeTakeFirst();
      // Nothing answered through no fault of the end user: give back what the run took. A
      // timeout is not that: the model was writing (and costing) all along, and a visitor
      // could cause one at will to get their run back.
      if (ended && failure && failure.code !== "timeout") await refundRun(trx, input.charge);
    })
    .catch((error) => log.error("run: saving the finished run failed", { runId, error }));
  deps.runs.views.delete(runId);
  if (record) deps.runs.publish(runId, { type: "usage", usage: record });
  deps.runs.publish(runId, { type: "done", runId, phase });
  return view;
}
