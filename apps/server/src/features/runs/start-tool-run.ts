import { randomUUID } from "node:crypto";
import { jsonValue } from "@liftoff/db";
import {
  AppError,
  checkRunRequest,
  createRunView,
  FOLLOWUP_MAX_LENGTH,
  hasBlockValidation,
  planLimits,
  RUN_MESSAGES,
  type RunRequest,
  type RunView,
  runBlocks,
  runViewSchema,
} from "@liftoff/domain";
import { z } from "zod";
import { leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { optionalAppToken } from "../app-users/require-app-token.ts";
import { hashClientIp } from "./hash-client-ip.ts";
import { loadRunnableTool, type RunnableTool } from "./load-runnable-tool.ts";
import type { RunCharge } from "./refund-run.ts";
import { memorizedForRun, readMemories } from "./remember-answers.ts";
import { answerTextOf, runToolGeneration } from "./run-tool-generation.ts";
import { runWindows } from "./run-windows.ts";
import { takeRunAllowance } from "./take-run-allowance.ts";

/** The parts of a run's body beyond the answers: a follow-up names the run it continues. */
const followupBodySchema = z.object({
  parentRunId: z.string({ error: "parentRunId must be text" }).min(1).max(64).optional(),
  followup: z
    .string({ error: "Follow-up must be text" })
    .max(FOLLOWUP_MAX_LENGTH, `Follow-up can be at most ${FOLLOWUP_MAX_LENGTH} characters`)
    .optional(),
});

/** Credits one run costs: a single tool's settings, or a generated app's tool (docs/defaults.md). */
export function creditsOfRun(runnable: Pick<RunnableTool, "app" | "saved" | "tool">): number {
  return runnable.app.kind === "tool" ? runnable.saved.settings.creditsPerRun : runnable.tool.creditsPerRun;
}

/**
 * Starts a run of a published tool for an end user (anonymous, or signed in with the app's
 * token) and returns its view; the answer is generated in the background
 * (runToolGeneration). Refused before anything is stored or counted: an unknown or draft
 * tool (404), answers that break the fields' rules (400, one message per field), a pro tool
 * whose builder's plan lacks pro tools, a server without a model. Then, all or nothing
 * (takeRunAllowance), the run is counted against the daily and weekly limits of the client's
 * address (429 with the window's reset time), the builder's credits are charged (the tool
 * is unavailable at the limit) and the run is stored with its lease.
 *
 * A follow-up ('Interactive Followups' on) continues a successful run of the same tool: it
 * is answered from that run's request, answer and the new request, and is a run like any
 * other (counted, charged, stored).
 */
export async function startToolRun(options: {
  deps: Deps;
  appId: string;
  toolId: string;
  body: unknown;
  ip: string;
  headers: Headers;
}): Promise<RunView> {
  const { deps } = options;
  const runnable = await loadRunnableTool(deps.db, { appId: options.appId, toolId: options.toolId });
  const { tool, saved, owner } = runnable;

  const extra = followupBodySchema.safeParse(options.body);
  if (!extra.success)
    throw new AppError("VALIDATION_FAILED", "Check the follow-up", {
      fieldErrors: Object.fromEntries(
        extra.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      ),
    });
  let request: RunRequest;
  let followup: { answer: string; request: string } | null = null;
  if (extra.data.parentRunId !== undefined) {
    const text = extra.data.followup?.trim() ?? "";
    if (!saved.features.includes("interactive_followups"))
      throw new AppError("BAD_REQUEST", "This tool does not take follow-ups");
    if (text === "")
      throw new AppError("VALIDATION_FAILED", "Write a follow-up", {
        fieldErrors: { followup: "Write a follow-up" },
      });
    const parent = await deps.db
      .selectFrom("tool_runs")
      .select(["request", "view", "status"])
      .where("id", "=", extra.data.parentRunId)
      .where("appId", "=", runnable.app.id)
      .where("toolId", "=", tool.toolId)
      .executeTakeFirst();
    if (parent?.status !== "success") throw new AppError("NOT_FOUND", RUN_MESSAGES.runNotFound);
    const parentView = runViewSchema.parse(parent.view);
    const again = checkRunRequest({ tool, body: parent.request });
    // The tool changed since (a field removed or made required): the old answers no longer fit.
    if (!again.ok) throw new AppError("CONFLICT", "This tool has changed since that answer. Run it again.");
    request = again.request;
    followup = { answer: answerTextOf(parentView), request: text };
  } else {
    const checked = checkRunRequest({ tool, body: options.body });
    if (!checked.ok)
      throw new AppError("VALIDATION_FAILED", "Check your answers", { fieldErrors: checked.fieldErrors });
    request = checked.request;
  }

  const limits = planLimits(owner.plan);
  if (tool.isProTool && !limits.proTools)
    throw new AppError("PLAN_LIMIT", RUN_MESSAGES.proTool, { reason: "pro_tools_access" });
  // No model: refuse before counting anything against the visitor or the builder.
  if (!deps.ai.config)
    throw new AppError("SERVICE_UNAVAILABLE", RUN_MESSAGES.noModel, { reason: "ai_not_configured" });

  const claims = await optionalAppToken(deps, runnable.app.id, options.headers);
  const appUserId = claims?.kind === "user" && claims.actorId === undefined ? claims.subjectId : null;
  const memorized = appUserId
    ? memorizedForRun(await readMemories(deps.db, { appId: runnable.app.id, appUserId }), {
        fields: tool.fields,
        request,
      })
    : [];

  const now = new Date();
  const runId = randomUUID();
  const ipHash = hashClientIp({ secret: deps.config.authSecret, appId: runnable.app.id, ip: options.ip });
  const windows = runWindows(now, {
    daily: saved.settings.dailyUserLimit,
    weekly: saved.settings.weeklyUserLimit,
  });
  const credits = creditsOfRun(runnable);
  const view = createRunView({
    id: runId,
    appId: runnable.app.id,
    toolId: tool.toolId,
    blocks: runBlocks(tool).map((block) => ({
      id: block.id,
      validated: hasBlockValidation(block),
    })),
    parentRunId: extra.data.parentRunId ?? null,
    followup: followup?.request ?? null,
    createdAt: now.toISOString(),
  });
  const charge: RunCharge = {
    appId: runnable.app.id,
    ipHash,
    counterWindows: windows.map((window) => window.key),
    creditsCharged: credits,
    chargedAccountId: credits > 0 ? owner.accountId : null,
  };
  await takeRunAllowance(deps.db, {
    appId: runnable.app.id,
    ipHash,
    windows,
    credits,
    accountId: owner.accountId,
    appRunsTotal: limits.appRunsTotal,
    store: [
      deps.db.insertInto("tool_runs").values({
        id: runId,
        appId: runnable.app.id,
        toolId: tool.toolId,
        parentRunId: extra.data.parentRunId ?? null,
        status: "running",
        request: jsonValue(request),
        view: jsonValue(view),
        ipHash,
        appUserId,
        creditsCharged: charge.creditsCharged,
        chargedAccountId: charge.chargedAccountId,
        counterWindows: jsonValue(charge.counterWindows),
        leaseUntil: leaseUntil(),
        createdAt: now,
        updatedAt: now,
      }),
    ],
  });

  void runToolGeneration({
    deps,
    runnable,
    runId,
    request,
    view,
    followup,
    memorized,
    appUserId,
    charge,
  }).catch((error) => log.error("run: generation crashed", { runId, error }));
  return view;
}
