import type { ReactNode } from "react";
import { LABEL } from "./themed-classes.ts";

export type FieldFrameProps = {
  /** The control's id: the label points at it, the message is `${id}-error`. */
  id: string;
  /** The field's name (data-field, for tests and styling). */
  name: string;
  label: string;
  required: boolean;
  /** A short help text under the label (a photo field's instructions). */
  hint?: string;
  error: string | undefined;
  /** A group of choices is a fieldset with a legend instead of a label. */
  group?: boolean;
  children: ReactNode;
};

/** Ids of what describes a control: its hint and its message, when shown. */
export function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * One field of the tool form: its label (with a required marker read out as "required"),
 * a hint, the control, and the field's message under it (announced as it appears).
 */
export function FieldFrame({
  id,
  name,
  label,
  required,
  hint,
  error,
  group = false,
  children,
}: FieldFrameProps) {
  const text = (
    <>
      {label}
      {required ? (
        <span className="ml-0.5 text-(--tool-error)" aria-hidden>
          *
        </span>
      ) : null}
      {required ? <span className="sr-only"> (required)</span> : null}
    </>
  );
  const rest = (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-13 leading-5 text-(--tool-muted)">
          {hint}
        </p>
      ) : null}
      {children}
      <p
        id={`${id}-error`}
        className="min-h-0 text-13 font-medium text-(--tool-error) empty:hidden"
        aria-live="polite"
        data-testid="tool-field-error"
      >
        {error ?? ""}
      </p>
    </>
  );
  if (group)
    return (
      <fieldset
        className="grid min-w-0 gap-2"
        aria-describedby={describedBy(id, hint, error)}
        data-field={name}
      >
        <legend className={`${LABEL} mb-2`}>{text}</legend>
        {rest}
      </fieldset>
    );
  return (
    <div className="grid min-w-0 gap-1.5" data-field={name}>
      <label htmlFor={id} className={LABEL}>
        {text}
      </label>
      {rest}
    </div>
  );
}
