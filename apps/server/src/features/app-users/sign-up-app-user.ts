import { randomUUID } from "node:crypto";
import type { AppUsersTable } from "@liftoff/db";
import {
  APP_USER_MESSAGES,
  AppError,
  type AppUserAuthResponse,
  AUTH_MESSAGES,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
} from "@liftoff/domain";
import { hashPassword } from "better-auth/crypto";
import type { Selectable } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { log } from "../../log.ts";
import { appUserVerificationMail } from "../../mail/app-user-mails.ts";
import { signAppToken } from "../app-tokens/app-token.ts";
import { appUserLink } from "./app-user-link.ts";
import { issueAppUserCode } from "./issue-app-user-code.ts";
import { isEndUserAppPublished, isEndUserSignupEnabled, loadEndUserApp } from "./load-end-user-app.ts";
import { optionalAppToken } from "./require-app-token.ts";
import { toAppUser } from "./to-app-user.ts";

/**
 * Sign-up of an end user, only where the app's owner switched it on, and only on a
 * published app (or in the builder's preview, where the admin token proves the owner is
 * trying it). The user is signed in at once; the verification mail is sent on the side.
 */
export async function signUpAppUser(options: {
  deps: Pick<Deps, "db" | "config" | "mailer">;
  appId: string;
  email: string;
  password: string;
  name?: string | undefined;
  headers: Headers;
}): Promise<AppUserAuthResponse> {
  const { deps, appId } = options;
  const app = await loadEndUserApp(deps.db, appId);
  const previewing = (await optionalAppToken(deps, appId, options.headers))?.kind === "admin";
  if (!isEndUserAppPublished(app) && !previewing)
    throw new AppError("FORBIDDEN", "This app is not published yet");
  if (!isEndUserSignupEnabled(app)) throw new AppError("FORBIDDEN", APP_USER_MESSAGES.signupDisabled);

  const email = normalizeEmail(options.email);
  if (!isValidEmail(email)) throw new AppError("INVALID_EMAIL", AUTH_MESSAGES.invalidEmail);
  if (!isStrongPassword(options.password)) throw new AppError("WEAK_PASSWORD", AUTH_MESSAGES.weakPassword);
  const existing = await deps.db
    .selectFrom("app_users")
    .select("id")
    .where("appId", "=", appId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) throw new AppError("EMAIL_IN_USE", AUTH_MESSAGES.emailInUse);

  const passwordHash = await hashPassword(options.password);
  let row: Selectable<AppUsersTable>;
  try {
    row = await deps.db
      .insertInto("app_users")
      .values({
        id: randomUUID(),
        appId,
        email,
        name: options.name?.trim() || email.split("@")[0]!,
        passwordHash,
        data: JSON.stringify({}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two sign-ups for one address at once: the loser hits the (appId, lower(email)) index.
    if (isUniqueViolation(error)) throw new AppError("EMAIL_IN_USE", AUTH_MESSAGES.emailInUse);
    throw error;
  }

  try {
    const code = await issueAppUserCode(deps.db, row.id, "verify");
    await deps.mailer.send(
      appUserVerificationMail(email, app.name, appUserLink(deps.config, app, "verifyEmail", code)),
    );
  } catch (error) {
    // The account exists and works; a mail that could not go out must not turn the
    // sign-up into an error the user would retry into 'already in use'.
    log.warn("app user verification mail not sent", { appId, error });
  }
  const token = await signAppToken(deps.config, {
    appId,
    subjectId: row.id,
    kind: "user",
    generation: row.tokenGeneration,
  });
  return { token, user: toAppUser(row) };
}
