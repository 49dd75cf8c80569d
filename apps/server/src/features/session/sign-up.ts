import {
  AppError,
  AUTH_MESSAGES,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
  type SessionResponse,
} from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import { safeContinueUrl } from "../../auth/safe-continue-url.ts";
import type { Deps } from "../../http/app-env.ts";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { ensureAccount } from "../account/ensure-account.ts";
import { sessionResponse } from "./session-response.ts";

export type SignUpOptions = {
  deps: Pick<Deps, "auth" | "db" | "config">;
  email: string;
  password: string;
  name?: string | undefined;
  continueUrl?: string | undefined;
  headers: Headers;
};

/** E-mail/password sign-up with the spec's three messages; sends the verification mail. */
export async function signUp({
  deps,
  email,
  password,
  name,
  continueUrl,
  headers,
}: SignUpOptions): Promise<SessionResponse> {
  const address = normalizeEmail(email);
  if (!isValidEmail(address)) throw new AppError("INVALID_EMAIL", AUTH_MESSAGES.invalidEmail);
  if (!isStrongPassword(password)) throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.weakPassword);
  const callbackURL = safeContinueUrl(deps.config.publicUrl, continueUrl) ?? "/apps";
  const displayName = name?.trim() || address.split("@")[0] || address;
  try {
    const result = await deps.auth.api.signUpEmail({
      body: { email: address, password, name: displayName, callbackURL },
      headers,
    });
    if (!result.token) throw new AppError("INTERNAL", "Sign-up did not start a session");
    await ensureAccount({ db: deps.db, userId: result.user.id });
    return await sessionResponse(deps, result.token);
  } catch (error) {
    const code = authErrorCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) throw new AppError("EMAIL_IN_USE", AUTH_MESSAGES.emailInUse);
    // Two sign-ups for one address at once: the loser hits the unique index inside the
    // library, which reports a generic failure. The address exists now, so say so.
    if (code === "FAILED_TO_CREATE_USER" || isUniqueViolation(error)) {
      const exists = await deps.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", address)
        .executeTakeFirst();
      if (exists) throw new AppError("EMAIL_IN_USE", AUTH_MESSAGES.emailInUse);
    }
    if (code === "INVALID_EMAIL") throw new AppError("INVALID_EMAIL", AUTH_MESSAGES.invalidEmail);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.weakPassword);
    }
    throw error;
  }
}
