import {
  AppError,
  type AppUserAuthResponse,
  AUTH_MESSAGES,
  isValidEmail,
  normalizeEmail,
} from "@liftoff/domain";
import { verifyPassword } from "better-auth/crypto";
import type { Deps } from "../../http/app-env.ts";
import { signAppToken } from "../app-tokens/app-token.ts";
import { beginLoginAttempt, loginSucceeded, pruneLoginAttempts } from "../session/login-rate-limit.ts";
import { loadEndUserApp } from "./load-end-user-app.ts";
import { toAppUser } from "./to-app-user.ts";
import { touchAppUserSeen } from "./touch-app-user-seen.ts";

/**
 * Password login of an end user. Attempts are counted like platform logins, in the app's own
 * scope: failures in one app (or on the platform) never count against another, per address
 * or per IP. Unknown user and wrong password answer the same.
 */
export async function logInAppUser(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  email: string;
  password: string;
  ip: string;
}): Promise<AppUserAuthResponse> {
  const { deps, appId } = options;
  await loadEndUserApp(deps.db, appId);
  const email = normalizeEmail(options.email);
  const scope = `app:${appId}` as const;
  const attempt = await beginLoginAttempt(deps.db, { scope, email, ip: options.ip });
  const row =
    isValidEmail(email) && options.password.length > 0
      ? await deps.db
          .selectFrom("app_users")
          .selectAll()
          .where("appId", "=", appId)
          .where("email", "=", email)
          .executeTakeFirst()
      : undefined;
  const valid = row ? await verifyPassword({ hash: row.passwordHash, password: options.password }) : false;
  if (!row || !valid) {
    await pruneLoginAttempts(deps.db);
    throw new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
  }
  await loginSucceeded(deps.db, { scope, email, attempt });
  // Told only after the right password, as on the platform: the address alone reveals nothing.
  if (row.disabled) throw new AppError("USER_DISABLED", AUTH_MESSAGES.userDisabled);
  await touchAppUserSeen(deps.db, row.id);
  const token = await signAppToken(deps.config, {
    appId,
    subjectId: row.id,
    kind: "user",
    generation: row.tokenGeneration,
  });
  return { token, user: toAppUser(row) };
}
