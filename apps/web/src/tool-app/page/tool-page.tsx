import {
  type PublicTool,
  type PublicToolApp,
  type RunFieldValues,
  type RunRequest,
  toolAppHomeUrl,
} from "@liftoff/domain";
import { ArrowLeftIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ToolForm } from "../form/tool-form.tsx";
import { ToolAppHeader } from "./tool-app-header.tsx";

/** What the run area is told of each submit. */
export type ToolRunSubmission = {
  request: RunRequest;
  /** 1 for the first submit, then counting: a new number is a new run (use it as a React key). */
  number: number;
};

export type ToolPageProps = {
  app: PublicToolApp;
  tool: PublicTool;
  /** "/app/{slug}", or "" on a custom host (host-route.ts). */
  base: string;
  /**
   * The run area under the form, drawn once the end user has submitted a valid form (the
   * request is checked with `checkRunRequest` first). Where the lead wires the run in:
   * e.g. `renderRun={({ request, number }) => <ToolRun key={number} … request={request} />}`
   * with the run hook and RunResults of tool-app/run and tool-app/results.
   */
  renderRun?: (submission: ToolRunSubmission) => ReactNode;
  /** Called with each valid request as it is submitted (alternative or addition to renderRun). */
  onRun?: (request: RunRequest) => void;
  /** While true the Generate button is disabled and says 'Generating…'. */
  running?: boolean;
  /**
   * Answers the form starts with, by field name (a signed-in end user's memorized values).
   * Read when the form mounts: give the form a new `key` to apply values that arrive later.
   */
  prefill?: RunFieldValues;
  /** Shown inside another site: no link back to the app's other tools. */
  embedded?: boolean;
  /** Actions beside the tool's title (Share). */
  actions?: ReactNode;
};

/** Ours: shown when the page is drawn without a run area (no run engine wired in). */
export const RUN_UNAVAILABLE_MESSAGE = "This tool cannot run yet. Please check back soon.";

/**
 * One tool's page (/app/{slug}/tool/{path}, or a single tool's home): the tool's title,
 * description and welcome message, its form, and the run area slot below it. A generated
 * app's tool links back to the app's home.
 */
export function ToolPage({
  app,
  tool,
  base,
  renderRun,
  onRun,
  running = false,
  prefill,
  embedded = false,
  actions,
}: ToolPageProps) {
  const [submission, setSubmission] = useState<ToolRunSubmission | null>(null);
  const submit = (request: RunRequest) => {
    onRun?.(request);
    setSubmission((old) => ({ request, number: (old?.number ?? 0) + 1 }));
  };
  const wired = renderRun !== undefined || onRun !== undefined;
  return (
    <>
      {app.kind === "generated" && app.tools.length > 1 && !embedded ? (
        <a
          href={toolAppHomeUrl(base)}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-(--tool-subheader) hover:underline"
          data-testid="tool-back-home"
        >
          <ArrowLeftIcon className="size-4" aria-hidden /> All tools
        </a>
      ) : null}
      <ToolAppHeader title={tool.title} description={tool.description} welcome={tool.welcomeMessage} />
      {actions ? <div className="-mt-2 flex justify-center gap-2">{actions}</div> : null}
      <section
        aria-label="Your answers"
        className="rounded-2xl border border-(--tool-surface-border) bg-(--tool-surface) p-4 shadow-sm sm:p-6"
      >
        <ToolForm appId={app.appId} tool={tool} onSubmit={submit} busy={running} prefill={prefill} />
      </section>
      {submission && (renderRun || !wired) ? (
        <section aria-label="Result" aria-live="polite" className="grid gap-4" data-testid="tool-run-area">
          {renderRun ? renderRun(submission) : null}
          {!wired ? (
            <p
              className="rounded-2xl border border-(--tool-surface-border) bg-(--tool-surface) px-4 py-3 text-sm text-(--tool-label)"
              data-testid="tool-run-unavailable"
            >
              {RUN_UNAVAILABLE_MESSAGE}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
