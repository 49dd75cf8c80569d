import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";
import { inputClasses } from "./input.tsx";

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(inputClasses, "h-auto min-h-20 py-2 leading-6", className)}
      {...props}
    />
  );
}
