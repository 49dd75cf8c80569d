import { buildSystemPrompt, parseActionText, requestRepair, type TokenUsage } from "@liftoff/ai";
import { type AppIssue, DETECTORS, detectAppIssues, repairAppIssues } from "@liftoff/compiler";
import { blocksVersion, type ChatAction, type ValidationIssue, type ValidationResult } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { compileVersion } from "../space-apps/compile-version.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import { loadVersionFiles } from "../space-apps/load-version-files.ts";
import { applyChatActions } from "./apply-chat-actions.ts";
import { loadChatContext, summaryOf } from "./load-chat-context.ts";
import { messageFromParse } from "./message-from-parse.ts";

type Detection = { issues: AppIssue[]; files: Record<string, string> };

/**
 * Validate-repair of one version (spec section 3 "Validation result"): compile and run
 * every detector; when the version is still the draft, apply the certain repairs (missing
 * imports of kit components and icons, accessibility fixes) as a new version, then — with
 * a model configured, `useModel`, and errors left — give the model one bounded round. Returns what was
 * found first, what is still unresolved, and which files were repaired.
 */
export async function validateAndRepair(options: {
  deps: Pick<Deps, "db" | "bus" | "ai" | "vendor">;
  appId: string;
  versionId: string;
  userId: string;
  useModel: boolean;
  applyingActionsMs?: number;
  abortSignal?: AbortSignal;
}): Promise<ValidationResult & { usage: TokenUsage | null }> {
  const { deps, appId } = options;
  const started = performance.now();
  const initial = await detect(deps, options.versionId);
  const validatingMs = performance.now() - started;
  let current = initial;
  let versionId = options.versionId;
  let usage: TokenUsage | null = null;
  const repairStarted = performance.now();

  const draft = await deps.db
    .selectFrom("apps")
    .select("draftVersionId")
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  // Only the draft is repaired. Errors get the certain repairs and then the model; warnings
  // never keep the version from running, so only their certain repairs (accessibility
  // names, alt text, keyboard access) are applied, never a model round.
  if (draft.draftVersionId === versionId) {
    const { changed } = repairAppIssues(current.files, current.issues, deps.vendor.manifest.exports);
    if (changed.size > 0) {
      const created = await createAppVersion({
        db: deps.db,
        appId,
        baseVersionId: versionId,
        source: "repair",
        createdBy: options.userId,
        change: (files) => {
          for (const [id, content] of changed) files.set(id, content);
        },
      });
      versionId = created.versionId;
      current = await detect(deps, versionId);
    }
    const blocking = current.issues.filter(blocksVersion);
    if (blocking.length > 0 && options.useModel && deps.ai.config) {
      try {
        const modelRound = await repairWithModel(options, blocking);
        usage = modelRound.usage;
        if (modelRound.versionId) {
          versionId = modelRound.versionId;
          current = await detect(deps, versionId);
        }
      } catch (error) {
        // The model round is best effort: the deterministic result still stands.
        log.warn("validate-repair: model round failed", { appId, error });
      }
    }
  }

  const repairedFiles = repairedFilesOf(initial, current);
  return {
    initialIssues: initial.issues.map(toValidationIssue),
    unresolvedIssues: current.issues.map(toValidationIssue),
    detectors: DETECTORS.map((d) => ({
      id: d.id,
      name: d.name,
      issues: initial.issues.filter((i) => i.detectorId === d.id).length,
    })),
    repairedFiles,
    appBundle: { versionId },
    previousVersionId: versionId === options.versionId ? null : options.versionId,
    timingBreakdown: {
      applyingActionsMs: Math.round(options.applyingActionsMs ?? 0),
      validatingMs: Math.round(validatingMs),
      repairingMs: Math.round(performance.now() - repairStarted),
    },
    usage,
  };
}

async function detect(deps: Pick<Deps, "db" | "vendor">, versionId: string): Promise<Detection> {
  const build = await compileVersion({ db: deps.db, vendor: deps.vendor.manifest, versionId });
  const version = await deps.db
    .selectFrom("app_versions")
    .select("entities")
    .where("id", "=", versionId)
    .executeTakeFirstOrThrow();
  const files = Object.fromEntries(await loadVersionFiles(deps.db, versionId));
  const { issues } = detectAppIssues({
    files,
    entityNames: Object.keys(version.entities),
    diagnostics: build.diagnostics,
    vendorExports: deps.vendor.manifest.exports,
  });
  return { issues, files };
}

async function repairWithModel(
  options: {
    deps: Pick<Deps, "db" | "bus" | "ai">;
    appId: string;
    userId: string;
    abortSignal?: AbortSignal;
  },
  issues: readonly AppIssue[],
): Promise<{ versionId: string | null; usage: TokenUsage }> {
  const { config, model } = options.deps.ai.require();
  const context = await loadChatContext(options.deps.db, options.appId);
  const answer = await requestRepair({
    model,
    system: buildSystemPrompt(summaryOf(context, [])),
    temperature: config.temperature,
    maxRetries: config.maxRetries,
    issues,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });
  const parsed = parseActionText(answer.text, "stop");
  const actions: ChatAction[] = messageFromParse(parsed, { reasoning: "" }).actions;
  if (actions.length === 0) return { versionId: null, usage: answer.usage };
  const applied = await applyChatActions({
    deps: options.deps,
    appId: options.appId,
    userId: options.userId,
    actions,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });
  return { versionId: applied.versionId, usage: answer.usage };
}

function issueKey(issue: AppIssue): string {
  return `${issue.detectorId}|${issue.fileId}|${issue.message}`;
}

/** Per file: how many of the first run's issues are gone, for files whose content changed. */
function repairedFilesOf(before: Detection, after: Detection): { fileId: string; issuesFixed: number }[] {
  const remaining = new Set(after.issues.map(issueKey));
  const fixed = new Map<string, number>();
  for (const issue of before.issues) {
    if (!issue.fileId || remaining.has(issueKey(issue))) continue;
    if (before.files[issue.fileId] === after.files[issue.fileId]) continue;
    fixed.set(issue.fileId, (fixed.get(issue.fileId) ?? 0) + 1);
  }
  return [...fixed].map(([fileId, issuesFixed]) => ({ fileId, issuesFixed }));
}

function toValidationIssue(issue: AppIssue): ValidationIssue {
  return {
    message: issue.message,
    componentName: issue.componentName,
    detectorId: issue.detectorId,
    severity: issue.severity,
    line: issue.line,
    fileId: issue.fileId,
  };
}
