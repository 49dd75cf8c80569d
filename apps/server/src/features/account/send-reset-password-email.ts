import { AppError, AUTH_MESSAGES, isValidEmail, normalizeEmail } from "@liftoff/domain";
import { safeContinueUrl } from "../../auth/safe-continue-url.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";

/**
 * Starts a password reset. Answers the same for known and unknown addresses so the form
 * cannot be used to discover accounts; a failure to hand the mail over is reported with
 * the spec's message.
 */
export async function sendResetPasswordEmail(options: {
  deps: Pick<Deps, "auth" | "config">;
  email: string;
  continueUrl?: string | undefined;
}): Promise<void> {
  const email = normalizeEmail(options.email);
  if (!isValidEmail(email)) throw new AppError("INVALID_EMAIL", AUTH_MESSAGES.invalidEmail);
  const continueUrl = safeContinueUrl(options.deps.config.publicUrl, options.continueUrl);
  try {
    await options.deps.auth.api.requestPasswordReset({
      body: { email, redirectTo: continueUrl ?? "/login" },
    });
  } catch (error) {
    log.error("password reset mail failed", { error });
    throw new AppError("SERVICE_UNAVAILABLE", AUTH_MESSAGES.resetMailFailed);
  }
}
