import type { PublicTool, RunFieldValues, RunRequest } from "@liftoff/domain";
import { ArrowLeftIcon, ArrowRightIcon, LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { FieldControl } from "./field-control.tsx";
import {
  checkDraft,
  emptyDraft,
  errorsOfStep,
  type FieldDraft,
  type FormDraft,
  fieldsOfStep,
  firstStepWithErrors,
  formSteps,
} from "./form-model.ts";
import { MainInput } from "./main-input.tsx";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./themed-classes.ts";

export type ToolFormProps = {
  appId: string;
  tool: PublicTool;
  /** Called with the checked request; never with answers the domain's check refuses. */
  onSubmit: (request: RunRequest) => void;
  /** While a run is going: the button is disabled and says so. */
  busy?: boolean;
  /** Answers to start with (a signed-in end user's memorized values); read once, at mount. */
  prefill?: RunFieldValues;
};

/**
 * The end user's form of one tool: its fields on their steps (multi-step input: progress,
 * Back and Next), the main input unless hidden, examples, and the submit button. Answers
 * are checked in the browser with the server's own rules (`checkRunRequest`): each field's
 * message shows under it, Next stays on a step with messages, and Generate goes back to
 * the first step that has one, focusing the first field to fix.
 */
export function ToolForm({ appId, tool, onSubmit, busy = false, prefill }: ToolFormProps) {
  const steps = useMemo(() => formSteps(tool), [tool]);
  const [draft, setDraft] = useState<FormDraft>(() => emptyDraft(tool, prefill));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const last = step === steps.length - 1;
  const multiStep = steps.length > 1;
  const current = steps[step] ?? steps[0]!;

  const setValue = (name: string, value: FieldDraft) => {
    setDraft((old) => ({ ...old, values: { ...old.values, [name]: value } }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  const setInput = (input: string) => {
    setDraft((old) => ({ ...old, input }));
    setErrors(({ input: _fixed, ...rest }) => rest);
  };
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const goTo = (index: number) => {
    setStep(index);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const next = () => {
    const checked = checkDraft(tool, draft);
    const mine = checked.ok ? {} : errorsOfStep(tool, step, checked.errors);
    setErrors(mine);
    if (Object.keys(mine).length > 0) focusFirstInvalid();
    else goTo(step + 1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!last) {
      next();
      return;
    }
    const checked = checkDraft(tool, draft);
    if (checked.ok) {
      setErrors({});
      onSubmit(checked.request);
      return;
    }
    const at = firstStepWithErrors(tool, checked.errors) ?? step;
    setStep(at);
    setErrors(errorsOfStep(tool, at, checked.errors));
    focusFirstInvalid();
  };

  const fields = fieldsOfStep(tool, step);
  const showInput = step === 0 && !tool.isInputHidden;
  // A message for no field shown (a body the check refused as a whole).
  const other = errors.body ?? errors.values;

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="grid gap-5"
      data-testid="tool-form"
      aria-label={tool.title}
    >
      {multiStep ? (
        <div className="grid gap-2" data-testid="tool-steps">
          <div className="flex items-baseline justify-between gap-3">
            <h2
              ref={heading}
              tabIndex={-1}
              className="min-w-0 text-base font-semibold text-(--tool-header)"
              data-testid="tool-step-title"
            >
              {current.title.trim() || `Step ${step + 1}`}
            </h2>
            <p className="shrink-0 text-13 text-(--tool-muted)" data-testid="tool-step-count">
              Step {step + 1} of {steps.length}
            </p>
          </div>
          <div
            role="progressbar"
            aria-label="Form progress"
            aria-valuemin={1}
            aria-valuemax={steps.length}
            aria-valuenow={step + 1}
            aria-valuetext={`Step ${step + 1} of ${steps.length}`}
            className="h-1.5 overflow-hidden rounded-full bg-(--tool-input-border)"
          >
            <div
              className="h-full rounded-full bg-(--tool-button-bg) transition-[width]"
              style={{ width: `${((step + 1) / steps.length) * 100}%` }}
            />
          </div>
        </div>
      ) : null}

      {fields.map((field) => (
        <FieldControl
          key={field.name}
          appId={appId}
          toolId={tool.toolId}
          field={field}
          value={draft.values[field.name] ?? ""}
          onChange={(value) => setValue(field.name, value)}
          error={errors[field.name]}
        />
      ))}
      {showInput ? (
        <MainInput tool={tool} value={draft.input} onChange={setInput} error={errors.input} />
      ) : null}
      {other ? (
        <p className="text-13 font-medium text-(--tool-error)" role="alert">
          {other}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        {multiStep && step > 0 ? (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => goTo(step - 1)}
            data-testid="tool-back"
          >
            <ArrowLeftIcon className="size-4" aria-hidden /> Back
          </button>
        ) : (
          <span />
        )}
        <button
          type="submit"
          className={`${PRIMARY_BUTTON} ${multiStep ? "" : "w-full"}`}
          disabled={busy}
          data-testid={last ? "tool-submit" : "tool-next"}
        >
          {!last ? (
            <>
              Next <ArrowRightIcon className="size-4" aria-hidden />
            </>
          ) : busy ? (
            <>
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden /> Generating…
            </>
          ) : (
            <>
              <SparklesIcon className="size-4" aria-hidden /> Generate
            </>
          )}
        </button>
      </div>
    </form>
  );
}
