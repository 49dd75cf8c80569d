/** Spec section 8, 'Chat assistant'. */
export const CHAT_ASSISTANT_MESSAGES = {
  activated: "Chat assistant activated successfully",
  deactivated: "Chat assistant deactivated successfully",
  activateFailed: "Failed to activate chat assistant",
  deactivateFailed: "Failed to deactivate chat assistant",
} as const;

/** The toast after a switch: success or failure, on or off. */
export function chatAssistantMessage(isActive: boolean, ok: boolean): string {
  if (ok) return isActive ? CHAT_ASSISTANT_MESSAGES.activated : CHAT_ASSISTANT_MESSAGES.deactivated;
  return isActive ? CHAT_ASSISTANT_MESSAGES.activateFailed : CHAT_ASSISTANT_MESSAGES.deactivateFailed;
}
