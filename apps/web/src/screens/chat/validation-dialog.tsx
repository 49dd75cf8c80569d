import type { ValidationIssue, ValidationResult } from "@liftoff/domain";
import { Badge, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@liftoff/ui";
import { validationCounts } from "./chat-format.ts";

function IssueList({ issues, testId }: { issues: readonly ValidationIssue[]; testId: string }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" data-testid={testId}>
      {issues.map((issue, i) => (
        <li key={`${issue.detectorId}-${issue.fileId}-${issue.line}-${i}`} className="grid gap-1 px-3 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={issue.severity === "error" ? "destructive" : "warning"}>
              {issue.severity === "error" ? "Error" : "Warning"}
            </Badge>
            {issue.fileId ? (
              <code className="font-mono text-xs text-muted-foreground">
                {issue.fileId}
                {issue.line !== null ? `:${issue.line}` : ""}
              </code>
            ) : null}
            <span className="text-xs text-muted-foreground">{issue.detectorId}</span>
          </div>
          <p className="text-13 break-words">{issue.message}</p>
          {issue.componentName ? (
            <p className="text-xs text-muted-foreground">In {issue.componentName}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: "good" | "bad" }) {
  return (
    <div className="rounded-lg border border-border bg-neutral-50 px-3 py-2.5">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p
        className={
          tone === "bad" && value > 0
            ? "text-xl font-semibold text-destructive-text"
            : tone === "good" && value > 0
              ? "text-xl font-semibold text-success-text"
              : "text-xl font-semibold"
        }
      >
        {value}
      </p>
    </div>
  );
}

/** The validation results dialog (spec section 2): what the checks found, fixed and left. */
export function ValidationDialog({
  result,
  onOpenChange,
}: {
  result: ValidationResult | null;
  onOpenChange: (open: boolean) => void;
}) {
  const counts = result ? validationCounts(result) : null;
  return (
    <Dialog open={result !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg" data-testid="validation-dialog">
        <DialogHeader>
          <DialogTitle>Validation results</DialogTitle>
          <DialogDescription>
            What the checks found in the app after this change, what was repaired, and what is left.
          </DialogDescription>
        </DialogHeader>
        {result && counts ? (
          <div className="grid gap-5">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Stat label="Issues found" value={counts.found} />
              <Stat label="Fixed" value={counts.fixed} tone="good" />
              <Stat label="Unresolved" value={counts.unresolved} tone="bad" />
              <Stat label="Warnings" value={counts.warnings} />
            </div>

            {result.unresolvedIssues.length > 0 ? (
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">
                  {counts.unresolved > 0 ? "Unresolved issues" : "Warnings (the app still runs)"}
                </h3>
                <IssueList issues={result.unresolvedIssues} testId="validation-unresolved" />
              </section>
            ) : null}

            {result.initialIssues.length > 0 ? (
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">Found at first</h3>
                <IssueList issues={result.initialIssues} testId="validation-initial" />
              </section>
            ) : null}

            {result.repairedFiles.length > 0 ? (
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">Repaired files</h3>
                <ul className="grid gap-1" data-testid="validation-repaired">
                  {result.repairedFiles.map((file) => (
                    <li key={file.fileId} className="flex items-center justify-between gap-3 text-13">
                      <code className="truncate font-mono text-xs">{file.fileId}</code>
                      <span className="shrink-0 text-muted-foreground">
                        {file.issuesFixed} {file.issuesFixed === 1 ? "issue" : "issues"} fixed
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <section className="grid gap-2">
              <h3 className="text-sm font-semibold">Checks</h3>
              <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2" data-testid="validation-detectors">
                {result.detectors.map((detector) => (
                  <li key={detector.id} className="flex items-center justify-between gap-3 text-13">
                    <span className="truncate">{detector.name}</span>
                    <Badge variant={detector.issues > 0 ? "warning" : "secondary"}>{detector.issues}</Badge>
                  </li>
                ))}
              </ul>
            </section>

            <p className="text-xs text-muted-foreground">
              Applying {Math.round(result.timingBreakdown.applyingActionsMs)} ms · checking{" "}
              {Math.round(result.timingBreakdown.validatingMs)} ms · repairing{" "}
              {Math.round(result.timingBreakdown.repairingMs)} ms
              {result.previousVersionId ? ` · version ${result.appBundle.versionId.slice(0, 8)}` : ""}
            </p>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
