import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";

const TONES = {
  default: "bg-primary",
  success: "bg-success",
  warning: "bg-warning",
  destructive: "bg-destructive",
} as const;

export type ProgressTone = keyof typeof TONES;

export type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, "value" | "max"> & {
  /** Missing (as shadcn allows) reads as 0. */
  value?: number | null;
  max?: number;
  tone?: ProgressTone;
  /** Work of unknown length: a bar slides across instead of filling (value is ignored). */
  indeterminate?: boolean;
};

export function Progress({
  value,
  max = 100,
  tone = "default",
  indeterminate = false,
  className,
  ...props
}: ProgressProps) {
  if (indeterminate) {
    return (
      <ProgressPrimitive.Root
        value={null}
        className={cn("relative h-1.5 w-full overflow-hidden rounded-full bg-neutral-200/80", className)}
        {...props}
      >
        <ProgressPrimitive.Indicator
          className={cn("h-full w-1/3 animate-indeterminate rounded-full", TONES[tone])}
        />
      </ProgressPrimitive.Root>
    );
  }
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value ?? 0, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={safeMax}
      className={cn("relative h-1.5 w-full overflow-hidden rounded-full bg-neutral-200/80", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn("h-full rounded-full transition-[width] duration-300 ease-out", TONES[tone])}
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
