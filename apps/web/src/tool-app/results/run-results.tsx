import { isRunResolved, type PublicTool, RUN_MESSAGES, type RunView } from "@liftoff/domain";
import { Button, cn, Spinner } from "@liftoff/ui";
import { EyeIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { hasFormFieldErrors, type RunProblem } from "../run/run-problem.ts";
import type { ToolRunStatus } from "../run/use-tool-run.ts";
import { CreativeSuggestions } from "./creative-suggestions.tsx";
import { PRINT_RESULT_CSS } from "./print-result.ts";
import { ResultActions } from "./result-actions.tsx";
import { ResultBlockCard } from "./result-block-card.tsx";
import { RunCta } from "./run-cta.tsx";
import { RunErrorAlert } from "./run-error-alert.tsx";
import { type BlockEdits, markdownFileName, runToMarkdown } from "./run-markdown.ts";
import { RunSources } from "./run-sources.tsx";
import { runStatusLine } from "./run-status-line.ts";

/** Ours: the titles of the result's alerts. */
export const RUN_RESULT_TITLES = {
  runFailed: "No answer this time",
  cancelled: "Run stopped",
  refused: "The tool could not run",
  connection: "Connection lost",
} as const;

/** Problems Try again cannot fix (a limit, a plan, a missing tool), or the form shows (per-field messages). */
function retryHelps(problem: RunProblem): boolean {
  return !["RATE_LIMITED", "PLAN_LIMIT", "NOT_FOUND"].includes(problem.code);
}

export type RunResultsProps = {
  tool: Pick<PublicTool, "title" | "blocks" | "ctaMessage" | "ctaButton" | "ctaLink">;
  /** The run shown (useToolRun's `view`); null shows only a problem, if any. */
  view: RunView | null;
  /** useToolRun's `status`: the connection, for 'reconnecting' and 'stopped'. */
  status: ToolRunStatus;
  /** useToolRun's `error`. Per-field messages of the form's fields are left to the form. */
  problem?: RunProblem | null;
  /** Try again: run the same request again. */
  onRetry: () => void;
  /** Follow the run again after a cancel or a lost connection (useToolRun's `reattach`). */
  onReattach?: () => void;
  /** 'Interactive Followups' on, with useToolRun's `followup`. */
  interactiveFollowups?: boolean;
  onFollowup?: (prompt: string) => void;
  /** The app's 'User can edit results' setting. */
  userCanEditResults?: boolean;
  className?: string;
};

/**
 * A run's result as it streams: every block in the tool's order, rendered by its kind with
 * its verdict, then (once the run succeeded) Copy / Download / Print, the call to action
 * and 'Creative suggestions'; or the error with Try again. Colours are the theme's
 * variables, which the tool page sets from the app's style.
 */
export function RunResults({
  tool,
  view,
  status,
  problem,
  onRetry,
  onReattach,
  interactiveFollowups = false,
  onFollowup,
  userCanEditResults = false,
  className,
}: RunResultsProps) {
  const [edits, setEdits] = useState<{ runId: string; blocks: BlockEdits }>({ runId: "", blocks: {} });
  // Edits belong to the run they were made on: a new run starts clean.
  const blockEdits = view && edits.runId === view.id ? edits.blocks : {};
  const markdown = useCallback(
    () => (view ? runToMarkdown({ title: tool.title, blocks: tool.blocks, view, edits: blockEdits }) : ""),
    [tool.title, tool.blocks, view, blockEdits],
  );

  const problemAlert =
    problem && !hasFormFieldErrors(problem) ? (
      <RunErrorAlert
        title={problem.code === "INTERRUPTED" ? RUN_RESULT_TITLES.connection : RUN_RESULT_TITLES.refused}
        message={problem.message}
        onRetry={
          !retryHelps(problem)
            ? undefined
            : problem.code === "INTERRUPTED" && onReattach && view?.id
              ? onReattach
              : onRetry
        }
      />
    ) : null;
  if (!view) return problemAlert ? <div className={className}>{problemAlert}</div> : null;

  const { state } = view;
  const loading = state.phase === "loading";
  const succeeded = state.phase === "success" && isRunResolved(state);
  const statusLine = runStatusLine({ view, connection: status });
  const verdicts = state.phase === "error" ? {} : state.blocks;

  return (
    <div className={cn("grid min-w-0 gap-4", className)} data-testid="run-results" data-phase={state.phase}>
      <style>{PRINT_RESULT_CSS}</style>
      {view.followup ? (
        <p className="text-sm text-muted-foreground">
          Follow-up: <span className="text-foreground">{view.followup}</span>
        </p>
      ) : null}
      <div className="grid min-w-0 gap-3" data-print-result aria-live="polite" aria-busy={loading}>
        <h2 className="sr-only">Result</h2>
        {tool.blocks.map((block) => {
          const shown = view.blocks.find((candidate) => candidate.id === block.id);
          if (!shown) return null;
          // A run that failed before writing a block shows the failure, not an empty card.
          if (state.phase === "error" && shown.text.trim() === "") return null;
          const edited = Object.hasOwn(blockEdits, block.id)
            ? { ...shown, text: blockEdits[block.id] as string }
            : shown;
          return (
            <ResultBlockCard
              key={`${view.id}:${block.id}`}
              block={block}
              shown={edited}
              verdict={Object.hasOwn(verdicts, block.id) ? (verdicts[block.id] ?? null) : null}
              verdictMessage={state.blockMessages[block.id] ?? null}
              editable={userCanEditResults && !loading}
              onEdit={(text) => setEdits({ runId: view.id, blocks: { ...blockEdits, [block.id]: text } })}
            />
          );
        })}
      </div>
      {statusLine ? (
        <div
          className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground print:hidden"
          role="status"
        >
          {status === "stopped" ? null : <Spinner size="sm" label={null} />}
          <span>{statusLine}</span>
          {status === "stopped" && onReattach && view.id ? (
            <Button variant="outline" size="sm" onClick={onReattach}>
              <EyeIcon aria-hidden="true" />
              Show progress
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.phase === "error" ? (
        <RunErrorAlert
          title={state.cancelled ? RUN_RESULT_TITLES.cancelled : RUN_RESULT_TITLES.runFailed}
          message={state.cancelled ? RUN_MESSAGES.cancelled : (state.errorMessage ?? RUN_MESSAGES.modelError)}
          onRetry={onRetry}
        />
      ) : null}
      {problemAlert}
      {succeeded ? (
        <>
          <ResultActions markdown={markdown} fileName={markdownFileName(tool.title)} />
          <RunSources sources={view.sources ?? []} />
          <RunCta message={tool.ctaMessage} button={tool.ctaButton} link={tool.ctaLink} />
          {interactiveFollowups && onFollowup && view.id ? (
            <CreativeSuggestions
              suggestions={view.suggestions}
              onFollowup={onFollowup}
              disabled={status === "connecting" || status === "streaming"}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
