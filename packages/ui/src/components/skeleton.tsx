import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div aria-hidden className={cn("animate-shimmer rounded-md bg-neutral-200/70", className)} {...props} />
  );
}
