import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { Label } from "./label.tsx";

export type FieldProps = {
  label?: ReactNode;
  /** id of the control; also links the hint and error text to it. */
  htmlFor: string;
  error?: ReactNode;
  hint?: ReactNode;
  /** Rendered at the end of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
};

type ControlProps = { "aria-invalid"?: boolean; "aria-describedby"?: string };

/**
 * Label + control + hint/error. The control gets aria-invalid and aria-describedby (the
 * error, then the hint). The error is a role="alert": it is read out as it appears, and again
 * with the control when focus lands there (see `useFocusFirstInvalid`).
 */
export function Field({ label, htmlFor, error, hint, labelAside, className, children }: FieldProps) {
  // The error replaces the hint on screen, so only what is shown describes the control.
  const hintId = hint && !error ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children as ReactElement<ControlProps>, {
        "aria-invalid": error ? true : (children as ReactElement<ControlProps>).props["aria-invalid"],
        "aria-describedby":
          [describedBy, (children as ReactElement<ControlProps>).props["aria-describedby"]]
            .filter(Boolean)
            .join(" ") || undefined,
      })
    : children;
  return (
    <div className={cn("grid gap-1.5", className)}>
      {label || labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {label ? <Label htmlFor={htmlFor}>{label}</Label> : <span />}
          {labelAside}
        </div>
      ) : null}
      {control}
      {error ? (
        <p id={errorId} role="alert" className="text-13 leading-5 text-destructive-text">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-13 leading-5 text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
