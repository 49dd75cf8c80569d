import { CHAT_MESSAGES } from "@liftoff/domain";

/**
 * What a fix button says, and the chat message it sends: named for what it fixes, so a
 * warning's button does not call it an error (buttons named for what they do, issue 14).
 */
export function fixLabel(severity: "error" | "warning"): string {
  return severity === "warning" ? CHAT_MESSAGES.fixThisWarning : CHAT_MESSAGES.fixThisError;
}

/**
 * The message 'Resolve with AI' sends for everything in the panel: one item's fix label
 * when there is only one, else "Resolve these errors" (or "warnings", when only warnings).
 */
export function resolveAllMessage(options: { total: number; onlyWarnings: boolean }): string {
  if (options.total === 1) return fixLabel(options.onlyWarnings ? "warning" : "error");
  return options.onlyWarnings ? "Resolve these warnings" : "Resolve these errors";
}
