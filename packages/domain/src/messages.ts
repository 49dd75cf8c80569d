/**
 * User-facing texts taken verbatim from the product specification (sections 5 and 8).
 * Server and web both import these so a message is never spelled twice.
 */
export const AUTH_MESSAGES = {
  weakPassword: "This password is too weak",
  emailInUse: "This email is already in use, try logging in",
  invalidEmail: "This email is invalid",
  invalidCredentials: "Invalid email or password",
  userDisabled: "User is disabled, contact us for more info",
  tooManyAttempts: "Too many login attempts, try again later",
  resetLinkInvalid: "Link invalid, try to reset your password again.",
  resetWeakPassword: "Password is too weak, please try again",
  resetUserNotFound: "User not found or disabled",
  resetFailed: "Error resetting password!",
  resetSuccess: "Password reset successfully",
  resetMailFailed:
    "Something went wrong sending password reset email. Please try again later or contact support",
  emailChangeInUse: "This email is already in use",
  emailChangeFailed:
    "Something went wrong when confirming email change. Please try again later or contact support",
  emailUpdated: "Email updated",
  // Not in the spec (its change took effect at once): the change now waits for the link
  // sent to the new address (issue 12).
  emailChangePending: "Check your new address to confirm the change",
} as const;

export const ACCOUNT_MESSAGES = {
  createFailed: "Something went wrong in creating account, try again later or contact us",
} as const;

export const MISC_MESSAGES = {
  linkCopied: "Link copied!",
  postCopied: "Post copied!",
  appIdNotSet: "App ID is not set",
} as const;
