import type { Diagnostic } from "@liftoff/domain";
import { GLOBALS_ID } from "./tailwind-stylesheet.ts";

type CssErrorLocation = [{ file?: string; code?: string }, number, number];

function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * Where in globals.css a Tailwind error is: its own location when the parser gives one,
 * else the first place the error's quoted token (`nope-class`, `theme(--x)`) appears.
 * Null when the error is not in globals.css (then it is the platform theme's fault).
 */
export function cssErrorDiagnostic(error: unknown, globalsCss: string | null): Diagnostic | null {
  const raw = error instanceof Error ? error.message : String(error);
  // Tailwind prefixes positioned errors with "file:line:col: ", which we compute ourselves.
  const message = raw.replace(/^[^\s:]+:\d+:\d+: /, "");
  if (globalsCss === null) return null;
  const loc = (error as { loc?: CssErrorLocation }).loc;
  let position: { line: number; column: number } | null = null;
  if (Array.isArray(loc) && loc[0]?.file === GLOBALS_ID) {
    position = lineColumnAt(globalsCss, loc[1]);
  } else if (Array.isArray(loc) && loc[0]?.file) {
    return null;
  } else {
    const token = /`([^`]+)`/.exec(message)?.[1];
    const index = token ? globalsCss.indexOf(token) : -1;
    if (index >= 0) position = lineColumnAt(globalsCss, index);
  }
  return {
    file: GLOBALS_ID,
    line: position?.line ?? 1,
    column: position?.column ?? 1,
    message,
    severity: "error",
    detectorId: "css",
  };
}
