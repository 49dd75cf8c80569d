import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * The controls a form has marked invalid and a person can still reach: `Field` (and
 * `FormControl`) set `aria-invalid="true"` on the control whose error they show.
 */
export const INVALID_CONTROL_SELECTOR = '[aria-invalid="true"]:not(:disabled)';

/**
 * Moves focus to the first invalid control inside `root`, in document order, and returns it
 * (null when nothing is invalid). A screen reader then reads its label, "invalid" and its
 * error (the control's aria-describedby), so a failed submit says what to fix and where.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  const control = root?.querySelector<HTMLElement>(INVALID_CONTROL_SELECTOR) ?? null;
  control?.focus();
  return control;
}

export type FocusFirstInvalid<T extends HTMLElement> = {
  /** Put on the `<form>` (or any element holding its fields). */
  ref: RefObject<T | null>;
  /**
   * Call after setting the errors of a failed submit (client checks or a server refusal
   * tied to a field). Focus moves once React has rendered them, because the errors set in
   * the same handler are not in the DOM yet.
   */
  focusFirstInvalid: () => void;
};

/** One way for every form to send focus to its first invalid field after a failed submit. */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(): FocusFirstInvalid<T> {
  const ref = useRef<T | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(ref.current);
  }, [requests]);
  const request = useCallback(() => setRequests((n) => n + 1), []);
  return { ref, focusFirstInvalid: request };
}
