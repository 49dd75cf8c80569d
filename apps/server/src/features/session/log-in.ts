import { AppError, AUTH_MESSAGES, isValidEmail, normalizeEmail, type SessionResponse } from "@liftoff/domain";
import { authErrorCode } from "../../auth/auth-error-code.ts";
import type { Deps } from "../../http/app-env.ts";
import { beginLoginAttempt, loginSucceeded, pruneLoginAttempts } from "./login-rate-limit.ts";
import { sessionResponse } from "./session-response.ts";

export type LogInOptions = {
  deps: Pick<Deps, "auth" | "db">;
  email: string;
  password: string;
  ip: string;
  headers: Headers;
};

/**
 * Password login. Wrong password, unknown user and a malformed address all answer the same
 * 'Invalid email or password' so the form does not reveal who has an account.
 */
export async function logIn({ deps, email, password, ip, headers }: LogInOptions): Promise<SessionResponse> {
  const address = normalizeEmail(email);
  const attempt = await beginLoginAttempt(deps.db, { scope: "platform", email: address, ip });
  if (!isValidEmail(address) || password.length === 0) {
    throw new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
  }
  try {
    const result = await deps.auth.api.signInEmail({ body: { email: address, password }, headers });
    await loginSucceeded(deps.db, { scope: "platform", email: address, attempt });
    return await sessionResponse(deps, result.token);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "USER_DISABLED") throw new AppError("USER_DISABLED", AUTH_MESSAGES.userDisabled);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") {
      await pruneLoginAttempts(deps.db);
      throw new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
    }
    throw error;
  }
}
