import { AppError } from "@liftoff/domain";
import { authErrorCode, isAuthLibraryError } from "../../auth/auth-error-code.ts";
import type { Deps } from "../../http/app-env.ts";

export const VERIFY_LINK_INVALID =
  "This verification link is invalid or has expired. Send a new one from the app.";

/** Confirms the address behind a verification token (the link from the mail). */
export async function verifyEmail(options: { deps: Pick<Deps, "auth">; oobCode: string }): Promise<void> {
  try {
    await options.deps.auth.api.verifyEmail({ query: { token: options.oobCode } });
  } catch (error) {
    if (isAuthLibraryError(error) || authErrorCode(error))
      throw new AppError("LINK_INVALID", VERIFY_LINK_INVALID);
    throw error;
  }
}
