import { ToggleGroup } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";

export type SegmentedControlOption<T extends string> = { value: T; label: ReactNode; disabled?: boolean };

export type SegmentedControlProps<T extends string> = {
  options: SegmentedControlOption<T>[];
  value: T;
  onChange: (value: T) => void;
  ariaLabel: string;
  size?: "sm" | "default";
  className?: string;
};

/** A single-choice pill group (e.g. Monthly / Yearly). Arrow keys move between options. */
export function SegmentedControl<T extends string>({
  options,
  value,
  onChange,
  ariaLabel,
  size = "default",
  className,
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      aria-label={ariaLabel}
      onValueChange={(next) => {
        if (next) onChange(next as T);
      }}
      className={cn(
        "inline-flex items-center gap-0.5 rounded-lg bg-neutral-100 p-0.5",
        size === "sm" ? "h-8" : "h-9",
        className,
      )}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          className={cn(
            "inline-flex h-full items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 font-medium text-muted-foreground",
            size === "sm" ? "text-xs" : "text-13",
            "transition-[color,background-color,box-shadow] duration-150 hover:text-foreground focus-ring-inset",
            "disabled:pointer-events-none disabled:opacity-50",
            "data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm",
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
