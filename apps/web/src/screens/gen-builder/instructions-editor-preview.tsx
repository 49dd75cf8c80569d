import type { Tool } from "@liftoff/domain";
import { Badge } from "@liftoff/ui";
import { type PromptSegment, promptSegments, type TagUsage } from "./instructions-model.ts";

const MARK: Record<Exclude<PromptSegment["kind"], "text">, { className: string; spoken: string }> = {
  field: { className: "bg-brand-50 text-brand-700", spoken: "" },
  input: { className: "bg-info-subtle text-info-text", spoken: "" },
  unknown: {
    className: "bg-destructive-subtle text-destructive-text underline decoration-wavy",
    spoken: " (unknown tag)",
  },
};

/**
 * The instructions as the AI will read them with every tag highlighted (unknown ones in
 * red, and said so to screen readers), then which tags are in use and which fields no tag
 * reads. Read-only: editing happens in the textarea above.
 */
export function InstructionsEditorPreview({ tool, usage }: { tool: Tool; usage: TagUsage }) {
  if (tool.gptPrompt.trim() === "") return null;
  const segments = promptSegments(
    tool.gptPrompt,
    tool.fields.map((field) => field.name),
  );
  return (
    <div
      className="grid gap-3 rounded-xl border border-border bg-neutral-25 p-3"
      data-testid="gen-instructions-preview"
    >
      <h4 className="text-13 font-medium">Tags in the instructions</h4>
      <p className="max-h-64 overflow-y-auto font-mono text-13 break-words whitespace-pre-wrap">
        {segments.map((segment, index) =>
          segment.kind === "text" ? (
            segment.text
          ) : (
            <mark key={index} className={`rounded px-0.5 ${MARK[segment.kind].className}`}>
              {segment.text}
              {MARK[segment.kind].spoken ? (
                <span className="sr-only">{MARK[segment.kind].spoken}</span>
              ) : null}
            </mark>
          ),
        )}
      </p>
      <dl className="grid gap-2 text-13">
        <TagList label="Used" names={usage.used} variant="default" empty="No tags yet" />
        {usage.unknown.length > 0 ? (
          <TagList label="Unknown" names={usage.unknown} variant="destructive" empty="" />
        ) : null}
        {usage.unused.length > 0 ? (
          <TagList label="Fields not used (inactive)" names={usage.unused} variant="warning" empty="" />
        ) : null}
      </dl>
    </div>
  );
}

function TagList(props: {
  label: string;
  names: string[];
  variant: "default" | "destructive" | "warning";
  empty: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <dt className="text-muted-foreground">{props.label}:</dt>
      {props.names.length === 0 ? (
        <dd className="text-muted-foreground">{props.empty}</dd>
      ) : (
        props.names.map((name) => (
          <dd key={name}>
            <Badge variant={props.variant} className="font-mono">
              [{name}]
            </Badge>
          </dd>
        ))
      )}
    </div>
  );
}
