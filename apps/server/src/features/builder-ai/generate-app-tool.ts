import { randomUUID } from "node:crypto";
import { generateToolDraft } from "@liftoff/ai";
import {
  AppError,
  checkAddTool,
  type GenerateToolBody,
  planLimits,
  TOOLS_NEED_TOOL_APP_MESSAGE,
  type Tool,
} from "@liftoff/domain";
import { aiFailureToAppError } from "../../ai/ai-failure-to-app-error.ts";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { takeRateLimit } from "../../http/rate-limit.ts";
import { readSavedApp } from "../generated-apps/read-saved-app.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { countToolGeneration, toolGenerationsLimitError } from "./count-tool-generation.ts";
import { readBuilderAccount } from "./read-builder-account.ts";

/** A whole tool is a long answer; local models need the time. */
const GENERATE_TIMEOUT_MS = 120_000;
/** Per builder, on top of the plan's monthly count: stops a loop from spending it in a minute. */
export const GENERATE_TOOL_RATE = { limit: 10, windowMs: 10 * 60_000 };

/** A tool id no tool of the app has. */
function freeToolId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `tool-${randomUUID().slice(0, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The AI writes a whole tool for an app from one sentence (issue 15, `?generateTool=true`)
 * and answers it for review; nothing is saved here but the count. In order: the app must
 * be one the caller manages (404) and hold tools (400: generated app or single tool); the
 * account's tool generations must not be used up (403 PLAN_LIMIT, reason
 * 'new_tool_generations_limit'), nor the app's tool slots for the owner's plan (403, as
 * adding a tool would); a model must be configured (503); then the call. Only a tool that
 * came out valid is counted.
 *
 * A generated app's new tool gets a fresh id and a path no other tool has; a single tool's
 * one tool is what the draft replaces, so it keeps that tool's id and needs no other path.
 */
export async function generateAppTool(options: {
  deps: Pick<Deps, "db" | "config" | "ai">;
  session: SessionInfo;
  appId: string;
  body: GenerateToolBody;
}): Promise<Tool> {
  const { deps, session, appId, body } = options;
  const managed = await findManagedApp(deps, session, appId);
  const kind = managed.app.kind;
  if (kind !== "generated" && kind !== "tool") throw new AppError("BAD_REQUEST", TOOLS_NEED_TOOL_APP_MESSAGE);
  const account = await readBuilderAccount(deps, session);
  const total = planLimits(account.plan).appGenerationsTotal;
  if (!account.isAdmin && account.appGenerationsUsed >= total) throw toolGenerationsLimitError(total);

  const saved = readSavedApp(managed.app);
  const isSingleTool = kind === "tool";
  // A single tool's draft replaces its one tool: the admin-set pro flag and credits stay, or its save would be refused.
  const replaced = isSingleTool ? (saved.tools[0] ?? null) : null;
  if (!isSingleTool) {
    const add = checkAddTool({ toolCount: saved.tools.length, plan: managed.ownerPlan });
    if (!add.ok) throw new AppError("PLAN_LIMIT", add.message, { reason: add.upgradeReason });
  }

  const { config, model } = deps.ai.require();
  takeRateLimit(
    `generate-tool:${session.user.id}`,
    GENERATE_TOOL_RATE,
    "Too many tool generations. Try again in a few minutes.",
  );
  let tool: Tool;
  try {
    tool = await generateToolDraft(
      { model, maxRetries: config.maxRetries, abortSignal: AbortSignal.timeout(GENERATE_TIMEOUT_MS) },
      {
        description: body.description,
        toolId: isSingleTool
          ? (saved.tools[0]?.toolId ?? "tool-1")
          : freeToolId(new Set(saved.tools.map((t) => t.toolId))),
        takenPaths: isSingleTool ? [] : saved.tools.map((t) => t.path),
        creditsPerRun: replaced?.creditsPerRun ?? saved.settings.creditsPerRun,
        ...(replaced ? { isProTool: replaced.isProTool } : {}),
        viewer: { plan: managed.ownerPlan, isAdmin: account.isAdmin },
      },
    );
  } catch (error) {
    throw aiFailureToAppError(error, "the tool generation");
  }
  await countToolGeneration(deps.db, { accountId: account.accountId, total, unlimited: account.isAdmin });
  return tool;
}
