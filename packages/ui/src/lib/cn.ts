import { type ClassValue, clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// Teach tailwind-merge our extra font size (`text-13`), or it would read it as a colour and
// drop it when a `text-<colour>` class follows.
const twMerge = extendTailwindMerge({ extend: { theme: { text: ["13"] } } });

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
