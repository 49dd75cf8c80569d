import { Alert, Button, cn, Field, Textarea } from "@liftoff/ui";
import { PlusIcon } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import type { ToolEditorProps } from "./editor-types.ts";
import { InstructionsEditorPreview } from "./instructions-editor-preview.tsx";
import { insertTag, isPromptTooLong, promptLengthText, tagChoices, tagUsage } from "./instructions-model.ts";

/**
 * The tool's instructions (gptPrompt): a textarea, a row of the tool's [tags] that insert
 * at the caret, and a highlighted reading of the prompt that flags tags naming no field.
 */
export function InstructionsEditor(props: ToolEditorProps) {
  const { tool, onChange, errors, warnings } = props;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once the inserted tag is rendered (the value comes back through props).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const textarea = textareaRef.current;
    if (caret === null || !textarea || textarea.value !== tool.gptPrompt) return;
    pendingCaret.current = null;
    textarea.focus();
    textarea.setSelectionRange(caret, caret);
  }, [tool.gptPrompt]);

  const usage = tagUsage(tool);
  const choices = tagChoices(tool);
  const tooLong = isPromptTooLong(tool.gptPrompt);
  // The saved document's warning repeats ours while the prompt is unchanged; show it only when it differs.
  const serverWarning =
    warnings.gptPrompt && warnings.gptPrompt !== usage.warning ? warnings.gptPrompt : null;

  function insert(name: string) {
    const textarea = textareaRef.current;
    // A textarea keeps its selection when a button takes focus, so this is where the builder was typing.
    const start = textarea?.selectionStart ?? tool.gptPrompt.length;
    const end = textarea?.selectionEnd ?? start;
    const next = insertTag(tool.gptPrompt, start, end, name);
    pendingCaret.current = next.caret;
    onChange({ ...tool, gptPrompt: next.text });
  }

  return (
    <section
      className="grid gap-4"
      aria-labelledby="gen-instructions-title"
      data-testid="gen-instructions-editor"
    >
      <div className="grid gap-0.5">
        <h3 id="gen-instructions-title" className="text-sm font-semibold">
          Instructions
        </h3>
        <p className="text-13 text-muted-foreground">
          Tell the AI what to do. A [tag] stands for the user's answer to the field of that name.
        </p>
      </div>

      {choices.length > 0 ? (
        <div className="grid gap-1.5">
          <p id="gen-instructions-tags" className="text-13 text-muted-foreground">
            Insert a tag at the cursor
          </p>
          <div role="group" aria-labelledby="gen-instructions-tags" className="flex flex-wrap gap-1.5">
            {choices.map((choice) => (
              <Button
                key={choice.name}
                variant="outline"
                size="sm"
                className="h-7 px-2 font-mono text-xs"
                aria-label={`Insert [${choice.name}] (${choice.label})`}
                onClick={() => insert(choice.name)}
              >
                <PlusIcon className="size-3" />[{choice.name}]
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      <Field
        label="Instructions"
        htmlFor="gen-instructions-text"
        error={errors.gptPrompt}
        labelAside={
          <span
            className={cn(
              "text-xs tabular-nums",
              tooLong ? "text-destructive-text" : "text-muted-foreground",
            )}
          >
            {promptLengthText(tool.gptPrompt)}
          </span>
        }
      >
        <Textarea
          ref={textareaRef}
          id="gen-instructions-text"
          rows={10}
          value={tool.gptPrompt}
          aria-invalid={tooLong || undefined}
          placeholder="e.g. Write a three-day itinerary for a trip to [city] for someone who likes [interests]."
          className="font-mono text-13"
          onChange={(event) => onChange({ ...tool, gptPrompt: event.target.value })}
          data-testid="gen-instructions-text"
        />
      </Field>

      {usage.warning ? (
        <Alert tone="warning" data-testid="gen-instructions-unknown">
          {usage.warning}
        </Alert>
      ) : null}
      {serverWarning ? <Alert tone="warning">{serverWarning}</Alert> : null}

      <InstructionsEditorPreview tool={tool} usage={usage} />
    </section>
  );
}
