import type { ReactNode } from "react";
import { toast as sonnerToast } from "sonner";

/** The options of shadcn's older `toast({...})` API (the one behind `useToast`). */
export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive" | "success";
  duration?: number;
  action?: ReactNode;
};

type SonnerToast = typeof sonnerToast;

/** sonner's `toast` plus shadcn's older object form. */
export type Toast = SonnerToast & ((options: ToastOptions) => string | number);

/**
 * One `toast` for both shadcn APIs models write: sonner's `toast("Saved")` /
 * `toast.success(...)`, and the older `toast({ title, description, variant })`, which is
 * shown through sonner so every app needs only one Toaster.
 */
export const showToast: Toast = Object.assign((message: unknown, data?: unknown) => {
  if (message !== null && typeof message === "object" && !isReactElement(message)) {
    const { title, description, variant, duration, action } = message as ToastOptions;
    const options = { description, duration, ...(action ? { action } : {}) };
    const heading = title ?? description ?? "";
    const body = title === undefined ? { ...options, description: undefined } : options;
    if (variant === "destructive") return sonnerToast.error(heading, body);
    if (variant === "success") return sonnerToast.success(heading, body);
    return sonnerToast(heading, body);
  }
  return sonnerToast(message as ReactNode, data as Parameters<SonnerToast>[1]);
}, sonnerToast) as Toast;

function isReactElement(value: object): boolean {
  return "$$typeof" in value;
}

/** shadcn's `useToast()`: `{ toast, dismiss }`, backed by sonner. */
export function useToast() {
  return {
    toast: showToast,
    dismiss: (id?: string | number) => sonnerToast.dismiss(id),
  };
}
