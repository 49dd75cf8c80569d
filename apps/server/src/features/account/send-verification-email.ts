import { safeContinueUrl } from "../../auth/safe-continue-url.ts";
import type { Deps, SessionInfo } from "../../http/app-env.ts";

/** Sends (again) the verification mail to the signed-in user's current address. */
export async function sendVerificationEmail(options: {
  deps: Pick<Deps, "auth" | "config">;
  session: SessionInfo;
  continueUrl?: string | undefined;
}): Promise<void> {
  const { deps, session } = options;
  const continueUrl = safeContinueUrl(deps.config.publicUrl, options.continueUrl);
  if (session.user.emailVerified) return;
  await deps.auth.api.sendVerificationEmail({
    body: { email: session.user.email, callbackURL: continueUrl ?? "/apps" },
  });
}
