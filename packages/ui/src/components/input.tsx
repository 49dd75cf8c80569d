import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";

export const inputClasses = cn(
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm text-foreground shadow-xs",
  "transition-[border-color,box-shadow] duration-150 focus-ring-tight",
  "placeholder:text-muted-foreground hover:border-neutral-400/80",
  "focus-visible:border-ring focus-visible:hover:border-ring",
  "aria-invalid:border-destructive",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
  "file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
);

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
