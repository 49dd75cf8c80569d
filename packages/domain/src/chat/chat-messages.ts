/** User-facing chat texts, verbatim from the spec (sections 2, 8). */
export const CHAT_MESSAGES = {
  emptyTitle: "Start a conversation",
  emptyBody: "Ask for new features or modifications to your app",
  builderLimit: "You have reached your builder chat messages limit. Please upgrade your plan to continue.",
  dailyLimit: "You have reached today's chat message limit. Please try again tomorrow.",
  rateLimited: "Rate limit exceeded. Please try again later.",
  other: "An error occurred while processing your request please try again later",
  truncated: "The output was too long for one iteration",
  keepGoing: "Let's keep going",
  revertTitle: "Revert to this version?",
  revertFailed: "Failed to revert to version",
  validateFailed: "Error: Failed to validate",
  fixThisError: "Fix this error",
  /** Not in the spec: 'Fix this error' for a compile warning, which is not an error (issue 14). */
  fixThisWarning: "Fix this warning",
  resolveWithAi: "Resolve with AI",
  testValidators: "Test Validators",
  lastMessageFailed: "Last message failed to process. Please try again.",
  appIdNotSet: "App ID is not set",
  sendFailed: "An error occurred while sending your message",
  /** Not in the spec: a second message while a reply is still being written. */
  busy: "The assistant is still working on the last message. Wait for it to finish.",
} as const;

/** 'Please change the permissions for entity "{name}" to "{description}".' (spec section 6). */
export function permissionChangePrompt(entity: string, description: string): string {
  return `Please change the permissions for entity "${entity}" to "${description}".`;
}
