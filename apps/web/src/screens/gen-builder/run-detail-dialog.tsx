import type { SavedApp, ToolRunSummary } from "@liftoff/domain";
import {
  Alert,
  Badge,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@liftoff/ui";
import type { ReactNode } from "react";
import {
  blockLabel,
  blockVerdict,
  formatCost,
  formatRunCredits,
  formatRunDuration,
  formatTokenSplit,
  runAnswers,
  runToolTitle,
} from "./run-history-model.ts";
import { RunStatusBadge } from "./run-status-badge.tsx";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/**
 * One run of the run history: what the end user answered, each block the model wrote with
 * its check, and for a failure the plain message the end user saw next to the technical
 * details only the builder sees. `run` null closes it.
 */
export function RunDetailDialog(props: {
  run: ToolRunSummary | null;
  app: SavedApp;
  onOpenChange: (open: boolean) => void;
}) {
  const { run, app } = props;
  return (
    <Dialog open={run !== null} onOpenChange={props.onOpenChange}>
      <DialogContent size="lg" data-testid="run-detail">
        {run ? <RunDetail run={run} app={app} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RunDetail({ run, app }: { run: ToolRunSummary; app: SavedApp }) {
  const tool = app.tools.find((candidate) => candidate.toolId === run.toolId) ?? null;
  const answers = runAnswers(run.request, tool);
  const view = run.view;
  const duration = formatRunDuration(run);
  const plainError =
    run.status === "error" ? (view?.state.errorMessage ?? "The run failed before it could answer.") : null;
  return (
    <>
      <DialogHeader className="pr-8">
        <DialogTitle className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 break-words">{runToolTitle(app.tools, run.toolId)}</span>
          <RunStatusBadge status={run.status} />
        </DialogTitle>
        <DialogDescription>
          {timeFormat.format(new Date(run.createdAt))}
          {duration ? ` · took ${duration}` : ""} ·{" "}
          {run.signedIn ? "Signed-in end user" : "Anonymous end user"}
        </DialogDescription>
      </DialogHeader>

      {plainError ? (
        <div className="grid gap-3" data-testid="run-error">
          <Alert tone="error" title="What the end user saw">
            {plainError}
          </Alert>
          {run.errorDetails || run.errorCode ? (
            <section className="grid gap-1.5" aria-labelledby={`run-technical-${run.id}`}>
              <h3 className="text-13 font-semibold" id={`run-technical-${run.id}`}>
                Technical details
              </h3>
              <pre
                className="rounded-lg border border-border bg-neutral-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-foreground"
                data-testid="run-technical-details"
              >
                {[run.errorCode ? `code: ${run.errorCode}` : null, run.errorDetails]
                  .filter(Boolean)
                  .join("\n")}
              </pre>
            </section>
          ) : null}
        </div>
      ) : null}

      <Section title="Answers">
        {answers.length === 0 ? (
          <p className="text-13 text-muted-foreground">No answers: the tool asks for nothing.</p>
        ) : (
          <dl
            className="grid gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)] sm:gap-x-4"
            data-testid="run-answers"
          >
            {answers.map((answer) => (
              <div key={answer.key} className="contents">
                <dt className="text-13 font-medium text-muted-foreground break-words">{answer.label}</dt>
                <dd className="text-sm break-words whitespace-pre-wrap">{answer.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {view?.followup ? (
          <p className="text-13">
            <span className="font-medium">Follow-up: </span>
            {view.followup}
          </p>
        ) : null}
      </Section>

      <Section title="Answer blocks">
        {!view || view.blocks.length === 0 ? (
          <p className="text-13 text-muted-foreground">The model wrote nothing for this run.</p>
        ) : (
          <ul className="grid gap-2">
            {view.blocks.map((block) => {
              const verdict = blockVerdict(view, block.id);
              return (
                <li
                  key={block.id}
                  className="grid gap-1.5 rounded-lg border border-border p-3"
                  data-testid="run-block"
                  data-block={block.id}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-13 font-semibold">{blockLabel(tool, block.id)}</span>
                    {verdict.status === "validated" ? (
                      <Badge variant="success">Check passed</Badge>
                    ) : verdict.status === "failed" ? (
                      <Badge variant="destructive">Check failed</Badge>
                    ) : verdict.status === "pending" ? (
                      <Badge variant="secondary">Not checked</Badge>
                    ) : null}
                  </div>
                  {verdict.status === "failed" ? (
                    <p className="text-13 text-destructive-text">{verdict.message}</p>
                  ) : null}
                  <p className="text-sm break-words whitespace-pre-wrap">
                    {block.text.trim() || <span className="text-muted-foreground">(empty)</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section title="Usage">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Credits" value={formatRunCredits(run)} />
          <Fact label="Model" value={run.model ?? "—"} />
          <Fact label="Tokens" value={run.usage ? formatTokenSplit(run.usage) : "—"} />
          <Fact label="Cost" value={run.usage ? formatCost(run.usage.totalCost) : "—"} />
        </dl>
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-13 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
