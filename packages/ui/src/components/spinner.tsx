import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";

const SIZES = { xs: "size-3", sm: "size-4", md: "size-5", lg: "size-8" } as const;

export type SpinnerProps = Omit<ComponentProps<"svg">, "children"> & {
  size?: keyof typeof SIZES;
  /** Accessible name; pass `null` when the spinner sits inside a control that already has one. */
  label?: string | null;
};

export function Spinner({ size = "sm", label = "Loading", className, ...props }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      role={label ? "status" : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
      className={cn("animate-spin text-current", SIZES[size], className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
