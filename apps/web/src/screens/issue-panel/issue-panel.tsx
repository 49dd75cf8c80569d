import { type AppRuntimeError, blocksVersion, CHAT_MESSAGES, type Diagnostic } from "@liftoff/domain";
import { Badge, Button, cn, Tooltip } from "@liftoff/ui";
import {
  ChevronDownIcon,
  CodeIcon,
  EyeOffIcon,
  SparklesIcon,
  TriangleAlertIcon,
  WrenchIcon,
} from "lucide-react";
import { fixLabel, resolveAllMessage } from "./fix-label.ts";
import { diagnosticAsAppError, type Issue, issueAsAppError } from "./issue-list.ts";

/** What 'Fix this error' (or 'Fix this warning') and 'Resolve with AI' send to the chat. */
export type ChatFixRequest = {
  /** The message text (the fix button's label for one, 'Resolve these errors' for all). */
  content: string;
  errors: AppRuntimeError[];
  /** The runtime issues to clear once that chat turn finishes. */
  keys: string[];
};

/** Why the AI buttons are off, when they are. */
export const AI_BUSY_TOOLTIP = "The assistant is still working on the last message";
export const AI_UNAVAILABLE_TOOLTIP = "The chat needs an AI model to fix errors";

export type IssuePanelProps = {
  issues: readonly Issue[];
  diagnostics: readonly Diagnostic[];
  expanded: boolean;
  onToggle: () => void;
  onSuppress: (key: string) => void;
  /** Opens a file in the code editor at a line; absent for viewers who cannot edit code. */
  onOpenFile?: (file: string, line: number) => void;
  /** Sends errors to the builder chat; absent when the chat cannot take them (no model). */
  onSendToChat?: ((request: ChatFixRequest) => void) | undefined;
  /** A reply is being written: the AI buttons wait for it. */
  aiBusy?: boolean;
  /**
   * An AI model is configured (default). Without one the AI buttons are left out rather
   * than shown disabled: nothing offers an AI action that must fail (issue 13).
   */
  aiAvailable?: boolean;
};

function AiButton({
  label,
  icon: Icon,
  disabledReason,
  onClick,
  testId,
  hidden,
}: {
  label: string;
  icon: typeof SparklesIcon;
  disabledReason: string | null;
  onClick: () => void;
  testId: string;
  hidden: boolean;
}) {
  if (hidden) return null;
  if (disabledReason) {
    return (
      <Tooltip content={disabledReason}>
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip explaining the disabled button.
          tabIndex={0}
          className="inline-flex rounded-md"
        >
          <Button variant="outline" size="sm" disabled className="h-7 px-2 text-xs" data-testid={testId}>
            <Icon className="size-3.5" />
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={onClick} data-testid={testId}>
      <Icon className="size-3.5 text-primary" />
      {label}
    </Button>
  );
}

/**
 * The floating issue panel at the bottom right of the preview (spec section 4): App errors
 * from the frame, deduplicated, each suppressible, and the draft's compile diagnostics.
 */
export function IssuePanel({
  issues,
  diagnostics,
  expanded,
  onToggle,
  onSuppress,
  onOpenFile,
  onSendToChat,
  aiBusy = false,
  aiAvailable = true,
}: IssuePanelProps) {
  const total = issues.length + diagnostics.length;
  if (total === 0) return null;
  const disabledReason = !onSendToChat ? AI_UNAVAILABLE_TOOLTIP : aiBusy ? AI_BUSY_TOOLTIP : null;
  const fix = (errors: AppRuntimeError[], keys: string[], content: string) =>
    onSendToChat?.({ content, errors, keys });
  // Warnings alone do not stop the app (domain build-rules): said in a calmer tone.
  const onlyWarnings = issues.length === 0 && !diagnostics.some(blocksVersion);
  const resolveAll = () =>
    fix(
      [...diagnostics.map(diagnosticAsAppError), ...issues.map(issueAsAppError)],
      issues.map((issue) => issue.key),
      resolveAllMessage({ total, onlyWarnings }),
    );
  const label = onlyWarnings
    ? `${total} ${total === 1 ? "warning" : "warnings"}`
    : `${total} ${total === 1 ? "issue" : "issues"}`;
  const tone = onlyWarnings
    ? { toggle: "border-warning-border text-warning-text", icon: "text-warning-text" }
    : { toggle: "border-destructive-border text-destructive-text", icon: "text-destructive" };

  if (!expanded) {
    return (
      <div className="absolute right-4 bottom-4 z-10">
        <Button
          variant="outline"
          size="sm"
          onClick={onToggle}
          aria-expanded={false}
          data-testid="issue-panel-toggle"
          className={cn("bg-background shadow-md", tone.toggle)}
        >
          <TriangleAlertIcon />
          {label}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-label="Issues"
      data-testid="issue-panel"
      className="absolute right-3 bottom-3 left-3 z-10 flex max-h-[min(60%,28rem)] flex-col overflow-hidden rounded-xl border border-border bg-background shadow-xl sm:left-auto sm:w-[26rem]"
    >
      <header className="flex items-center gap-2 border-b border-border px-3 py-2">
        <TriangleAlertIcon className={cn("size-4", tone.icon)} aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <h2 className="text-sm font-semibold">{label}</h2>
          {onlyWarnings ? (
            <p className="text-xs text-muted-foreground" data-testid="issue-panel-warnings-note">
              The app still runs, and visitors never see these.
            </p>
          ) : null}
        </div>
        <AiButton
          label={CHAT_MESSAGES.resolveWithAi}
          icon={SparklesIcon}
          disabledReason={disabledReason}
          hidden={!aiAvailable}
          onClick={resolveAll}
          testId="issue-resolve-all"
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={onToggle}
          aria-expanded
          aria-label="Collapse issues"
          data-testid="issue-panel-toggle"
        >
          <ChevronDownIcon />
        </Button>
      </header>
      <ul className="grid min-h-0 gap-0 divide-y divide-border overflow-y-auto">
        {diagnostics.map((diagnostic) => (
          <li
            key={`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`}
            className="grid gap-1.5 px-3 py-2.5"
            data-testid="issue-diagnostic"
          >
            <div className="flex items-center gap-2">
              <Badge variant={diagnostic.severity === "error" ? "destructive" : "warning"}>
                {diagnostic.severity === "error" ? "Compile error" : "Warning"}
              </Badge>
              <code className="truncate text-xs text-muted-foreground">
                {diagnostic.file}:{diagnostic.line}
              </code>
            </div>
            <p className="text-13 break-words">{diagnostic.message}</p>
            <div className="flex flex-wrap gap-1.5">
              <AiButton
                label={fixLabel(diagnostic.severity)}
                icon={WrenchIcon}
                disabledReason={disabledReason}
                hidden={!aiAvailable}
                onClick={() => fix([diagnosticAsAppError(diagnostic)], [], fixLabel(diagnostic.severity))}
                testId="issue-fix"
              />
              {onOpenFile && !diagnostic.file.startsWith("entities/") && diagnostic.file ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={() => onOpenFile(diagnostic.file, diagnostic.line)}
                  data-testid="issue-open-file"
                >
                  <CodeIcon className="size-3.5" />
                  Open in code editor
                </Button>
              ) : null}
            </div>
          </li>
        ))}
        {issues.map((issue) => (
          <li key={issue.key} className="grid gap-1.5 px-3 py-2.5" data-testid="issue-item">
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 text-13 font-medium break-words">{issue.title}</p>
              {issue.count > 1 ? <Badge variant="secondary">×{issue.count}</Badge> : null}
            </div>
            <p className="text-xs text-muted-foreground">
              {issue.componentName ? `In ${issue.componentName} · ` : ""}
              {issue.scope}
            </p>
            {issue.details ? (
              <pre
                className={cn(
                  "max-h-28 overflow-auto rounded-md bg-neutral-50 px-2 py-1.5 font-mono text-[11px] leading-4 whitespace-pre-wrap",
                  "text-muted-foreground",
                )}
              >
                {issue.details}
              </pre>
            ) : null}
            <div className="flex flex-wrap gap-1.5">
              <AiButton
                label={CHAT_MESSAGES.fixThisError}
                icon={WrenchIcon}
                disabledReason={disabledReason}
                hidden={!aiAvailable}
                // A runtime error always is one: it broke the page where it happened.
                onClick={() => fix([issueAsAppError(issue)], [issue.key], CHAT_MESSAGES.fixThisError)}
                testId="issue-fix"
              />
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs"
                onClick={() => onSuppress(issue.key)}
                data-testid="issue-suppress"
              >
                <EyeOffIcon className="size-3.5" />
                Suppress
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
