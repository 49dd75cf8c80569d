import type { Deps, SessionInfo } from "../../http/app-env.ts";

/** Sends (again) the verification mail to the signed-in user's current address. */
export async function sendVerificationEmail(options: {
  deps: Pick<Deps, "auth">;
  session: SessionInfo;
  continueUrl?: string | undefined;
}): Promise<void> {
  const { deps, session, continueUrl } = options;
  if (session.user.emailVerified) return;
  await deps.auth.api.sendVerificationEmail({
    body: { email: session.user.email, callbackURL: continueUrl ?? "/apps" },
  });
}
