import { type PublicTool, type PublicToolApp, type RunFieldValues, toolPageUrl } from "@liftoff/domain";
import { Button } from "@liftoff/ui";
import { Share2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { readAppToken } from "../../host/app-token-store.ts";
import { ChatWithUsLink } from "../assistant/chat-with-us-link.tsx";
import { RunResults } from "../results/run-results.tsx";
import { hasFormFieldErrors } from "../run/run-problem.ts";
import { useToolRun } from "../run/use-tool-run.ts";
import { ShareDialog } from "../share/share-dialog.tsx";
import { ToolPage } from "./tool-page.tsx";

/**
 * A tool's page with its run wired in: the form starts a run (useToolRun), the result
 * streams in below it (RunResults), and a reload shows the tool's last run again. A
 * signed-in end user's remembered answers ('memorize' fields) prefill the form.
 */
export function RunningToolPage({
  app,
  tool,
  base,
  embedded = false,
}: {
  app: PublicToolApp;
  tool: PublicTool;
  base: string;
  embedded?: boolean;
}) {
  const [sharing, setSharing] = useState(false);
  const run = useToolRun({
    appId: app.appId,
    tool,
    limits: { daily: app.dailyUserLimit, weekly: app.weeklyUserLimit },
  });
  const prefill = useMemorizedAnswers(app.appId, tool);
  const busy = run.status === "connecting" || run.status === "streaming" || run.status === "reconnecting";
  const fieldProblem = run.error && hasFormFieldErrors(run.error) ? run.error : null;
  return (
    <>
      <ToolPage
        key={prefill ? "prefilled" : "blank"}
        app={app}
        tool={tool}
        base={base}
        onRun={(request) => void run.start(request)}
        running={busy}
        embedded={embedded}
        actions={
          <>
            <Button variant="outline" size="sm" onClick={() => setSharing(true)} data-testid="tool-share">
              <Share2Icon aria-hidden="true" />
              Share
            </Button>
            {app.chatAssistant && app.kind === "generated" && !embedded ? (
              <ChatWithUsLink base={base} size="sm" />
            ) : null}
          </>
        }
        {...(prefill ? { prefill } : {})}
      />
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        title={tool.title || app.header || app.name}
        url={shareUrlOf(base, tool.path)}
      />
      {fieldProblem ? (
        <ul
          role="alert"
          className="grid gap-1 rounded-2xl border border-destructive-border bg-destructive-subtle px-4 py-3 text-sm text-destructive-text"
          data-testid="run-field-errors"
        >
          {Object.entries(fieldProblem.fieldErrors).map(([name, message]) => (
            <li key={name}>
              {tool.fields.find((field) => field.name === name)?.label || name}: {message}
            </li>
          ))}
        </ul>
      ) : null}
      {run.view || (run.error && !fieldProblem) ? (
        <section aria-label="Result" className="grid gap-4" data-testid="tool-run-area">
          <RunResults
            tool={tool}
            view={run.view}
            status={run.status}
            problem={fieldProblem ? null : run.error}
            onRetry={() => void run.retry()}
            onReattach={() => void run.reattach()}
            interactiveFollowups={app.features.interactiveFollowups}
            onFollowup={(prompt) => void run.followup(prompt)}
            userCanEditResults={app.userCanEditResults}
          />
        </section>
      ) : null}
    </>
  );
}

/** The signed-in end user's remembered answers for this tool's fields (null when none or anonymous). */
function useMemorizedAnswers(appId: string, tool: PublicTool): RunFieldValues | null {
  const [values, setValues] = useState<RunFieldValues | null>(null);
  useEffect(() => {
    const token = readAppToken(appId);
    if (!token || !tool.fields.some((field) => field.memorize)) return;
    const controller = new AbortController();
    fetch(`/api/live_api/user/memories/current?appId=${encodeURIComponent(appId)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then((res) =>
        res.ok ? (res.json() as Promise<{ memories: { fieldName: string; value: unknown }[] }>) : null,
      )
      .then((body) => {
        if (!body) return;
        const known = new Set(tool.fields.filter((field) => field.memorize).map((field) => field.name));
        const remembered = Object.fromEntries(
          body.memories
            .filter((memory) => known.has(memory.fieldName))
            .map((memory) => [memory.fieldName, memory.value]),
        ) as RunFieldValues;
        if (Object.keys(remembered).length > 0) setValues(remembered);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [appId, tool]);
  return values;
}

/** The tool's own address to share: never the embed address, which drops the app's chrome. */
function shareUrlOf(base: string, toolPath: string): string {
  return `${window.location.origin}${toolPageUrl(base, toolPath)}`;
}
