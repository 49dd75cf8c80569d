import {
  AppError,
  GENERATE_TOOL_DESCRIPTION_MAX,
  generateToolResponseSchema,
  type Tool,
  upgradeReasonSchema,
} from "@liftoff/domain";
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Spinner,
  Textarea,
} from "@liftoff/ui";
import { SparklesIcon, WandSparklesIcon } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { BLOCK_KIND_INFO } from "./results-layout-model.ts";

export type GenerateToolDialogProps = {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The builder accepted the tool: add it to the app (as a draft). */
  onAdd: (tool: Tool) => void;
};

type Phase = { kind: "describe" } | { kind: "writing" } | { kind: "review"; tool: Tool };

/**
 * /build/app/{appId}/tools?generateTool=true (issue 15): the builder describes a tool in one
 * sentence and the AI writes the whole tool (fields, steps, instructions with tags, result
 * blocks, call to action, examples). It is shown for review before it is added, and each
 * generation counts against the plan's tool generations (upgrade reason 'new tool
 * generations limit' when they are used up).
 */
export function GenerateToolDialog({ appId, open, onOpenChange, onAdd }: GenerateToolDialogProps) {
  const upgrade = useUpgradeDialog();
  const [description, setDescription] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "describe" });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setPhase({ kind: "describe" });
      setError(null);
    }
  }, [open]);

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (description.trim() === "") {
      setError("Describe the tool in a sentence");
      return;
    }
    setError(null);
    setPhase({ kind: "writing" });
    try {
      const { tool } = await api.post(
        `/api/apps/${encodeURIComponent(appId)}/tools/generate`,
        { description },
        generateToolResponseSchema,
      );
      setPhase({ kind: "review", tool });
    } catch (failure) {
      setPhase({ kind: "describe" });
      setError(errorMessage(failure));
      const reason =
        failure instanceof AppError ? upgradeReasonSchema.safeParse(failure.details?.reason) : null;
      if (failure instanceof AppError && failure.code === "PLAN_LIMIT" && reason?.success)
        upgrade.open(reason.data);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => phase.kind !== "writing" && onOpenChange(next)}>
      <DialogContent size="lg" data-testid="generate-tool-dialog">
        <DialogHeader>
          <DialogTitle>Generate a tool with AI</DialogTitle>
          <DialogDescription>
            Describe what the tool does in one sentence. The AI writes its fields, instructions and result
            layout; you review it before it is added.
          </DialogDescription>
        </DialogHeader>
        {phase.kind === "review" ? (
          <ToolReview tool={phase.tool} />
        ) : (
          <form id="generate-tool-form" onSubmit={generate} className="grid gap-3">
            <Field label="What should the tool do?" htmlFor="generate-tool-description" error={error}>
              <Textarea
                id="generate-tool-description"
                value={description}
                maxLength={GENERATE_TOOL_DESCRIPTION_MAX}
                rows={3}
                disabled={phase.kind === "writing"}
                placeholder="Writes a cover letter from the job ad and the applicant's experience"
                onChange={(event) => setDescription(event.target.value)}
                data-testid="generate-tool-description"
              />
            </Field>
            {phase.kind === "writing" ? (
              <p className="flex items-center gap-2 text-13 text-muted-foreground" role="status">
                <Spinner size="sm" label="Writing your tool" />
                Writing your tool… this usually takes a few seconds.
              </p>
            ) : null}
          </form>
        )}
        <DialogFooter>
          {phase.kind === "review" ? (
            <>
              <Button variant="outline" onClick={() => setPhase({ kind: "describe" })}>
                Try another description
              </Button>
              <Button
                onClick={() => {
                  // Closing first: adding navigates to the new tool, and that must be the last move.
                  onOpenChange(false);
                  onAdd(phase.tool);
                }}
                data-testid="generate-tool-add"
              >
                Add tool
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outline"
                onClick={() => onOpenChange(false)}
                disabled={phase.kind === "writing"}
              >
                Cancel
              </Button>
              <Button
                type="submit"
                form="generate-tool-form"
                disabled={phase.kind === "writing"}
                data-testid="generate-tool-submit"
              >
                <WandSparklesIcon />
                Generate
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ToolReview({ tool }: { tool: Tool }) {
  return (
    <div className="grid max-h-[55vh] gap-4 overflow-y-auto pr-1" data-testid="generate-tool-review">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-neutral-25 p-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <SparklesIcon className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold" data-testid="generate-tool-title">
            {tool.title || "Untitled tool"}
          </p>
          {tool.description ? <p className="text-13 text-muted-foreground">{tool.description}</p> : null}
          <p className="text-xs text-muted-foreground">/tool/{tool.path}</p>
        </div>
      </div>
      <ReviewList
        title={`Input fields (${tool.fields.length})`}
        items={tool.fields.map((field) => `${field.label} [${field.name}] · ${field.type.replace("_", " ")}`)}
      />
      {tool.isMultiStepInput ? (
        <ReviewList
          title={`Input steps (${tool.inputSteps.length})`}
          items={tool.inputSteps.map((step) => step.title)}
        />
      ) : null}
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold">Instructions</h3>
        <p className="whitespace-pre-wrap rounded-lg border border-border bg-background p-3 text-13">
          {tool.gptPrompt || "No instructions"}
        </p>
      </div>
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold">Result blocks ({tool.blocks.length})</h3>
        <ul className="flex flex-wrap gap-1.5">
          {tool.blocks.map((block) => (
            <li key={block.id}>
              <Badge variant="secondary">
                {block.title} · {BLOCK_KIND_INFO[block.kind].label}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      {tool.examples.length > 0 ? <ReviewList title="Examples" items={tool.examples} /> : null}
      {tool.ctaButton ? (
        <ReviewList title="Call to action" items={[`${tool.ctaMessage} → ${tool.ctaButton}`]} />
      ) : null}
    </div>
  );
}

function ReviewList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="grid gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-13 text-muted-foreground">None</p>
      ) : (
        <ul className="grid gap-1 text-13">
          {items.map((item, index) => (
            <li key={index} className="rounded-md bg-neutral-50 px-2.5 py-1.5">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
