import type { PublicTool } from "@liftoff/domain";
import { ChevronDownIcon, SparklesIcon } from "lucide-react";
import { useRef, useState } from "react";
import { describedBy, FieldFrame } from "./field-frame.tsx";
import { TEXT_AREA } from "./themed-classes.ts";

export const MAIN_INPUT_ID = "tool-input";

/** The main input's label when the builder gave none. Ours: the spec names none. */
export const DEFAULT_INPUT_LABEL = "Your input";

export type MainInputProps = {
  tool: Pick<PublicTool, "inputLabel" | "inputPlaceholder" | "isInputCollapsed" | "examples">;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/**
 * The tool's own free-text input ([input] in the instructions), with its examples as chips
 * that fill it in one click. 'Collapsed' keeps it behind a button until the end user opens
 * it (or an example or a message needs it shown); 'hidden' is handled by the form, which
 * then leaves it out.
 */
export function MainInput({ tool, value, onChange, error }: MainInputProps) {
  const label = tool.inputLabel.trim() || DEFAULT_INPUT_LABEL;
  const [open, setOpen] = useState(!tool.isInputCollapsed || value !== "");
  const area = useRef<HTMLTextAreaElement>(null);
  const shown = open || error !== undefined;
  const examples = tool.examples.filter((example) => example.trim() !== "");

  const pickExample = (example: string) => {
    onChange(example);
    setOpen(true);
    // After the chip's click the text is there to edit.
    requestAnimationFrame(() => area.current?.focus());
  };

  return (
    <div className="grid gap-3">
      {shown ? (
        <FieldFrame id={MAIN_INPUT_ID} name="input" label={label} required={false} error={error}>
          <textarea
            ref={area}
            id={MAIN_INPUT_ID}
            rows={4}
            value={value}
            placeholder={tool.inputPlaceholder}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={describedBy(MAIN_INPUT_ID, undefined, error)}
            aria-invalid={error !== undefined || undefined}
            className={TEXT_AREA}
          />
        </FieldFrame>
      ) : (
        <button
          type="button"
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-(--tool-label) underline underline-offset-4"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => area.current?.focus());
          }}
          data-testid="tool-input-expand"
        >
          <ChevronDownIcon className="size-4" aria-hidden />
          {label}
        </button>
      )}
      {examples.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="text-13 text-(--tool-muted)" id="tool-examples-label">
            Try an example
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby="tool-examples-label">
            {examples.map((example, index) => (
              // Examples may repeat; their place is their identity.
              <li key={index} className="min-w-0 max-w-full">
                <button
                  type="button"
                  onClick={() => pickExample(example)}
                  className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-(--tool-input-border) bg-(--tool-input-bg) px-3 py-1.5 text-left text-13 text-(--tool-label) hover:border-(--tool-button-bg)"
                  data-testid="tool-example"
                >
                  <SparklesIcon className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{example}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
