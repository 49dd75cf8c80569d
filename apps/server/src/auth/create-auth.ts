import type { Database } from "@liftoff/db";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@liftoff/domain";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { bearer, genericOAuth } from "better-auth/plugins";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Mailer } from "../mail/mailer.ts";
import { resetPasswordMail, verificationMail } from "./auth-mails.ts";
import { grantFirstAdmin } from "./grant-first-admin.ts";
import { handlerLink } from "./handler-link.ts";
import { oauthProviders } from "./oauth-providers.ts";

export type CreateAuthOptions = { config: Config; db: Kysely<Database>; mailer: Mailer };

/**
 * better-auth does the security work (hashing, tokens, sessions, OAuth with PKCE). Our
 * routes in features/session and features/account wrap its API so clients get the spec's
 * messages and our error shape; the library's own endpoints stay mounted at /api/auth for
 * the OAuth callbacks.
 */
export function createAuth({ config, db, mailer }: CreateAuthOptions) {
  return betterAuth({
    appName: "Liftoff",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db, type: "postgres" },
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Expected failures (a wrong password) are ours to report; the library logs only errors.
    logger: { level: "error", disabled: config.logLevel === "silent" },
    user: {
      modelName: "users",
      // Read with every session so admin checks need no extra query; `input: false` keeps
      // it out of anything a client can send (sign-up, update-user).
      additionalFields: { isAdmin: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    session: { modelName: "sessions", expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    account: {
      modelName: "auth_accounts",
      // Linking a social identity to an existing user requires the provider to vouch for
      // the e-mail (email_verified). Listing providers as "trusted" would skip that check
      // and let an unverified provider address take over an account.
      accountLinking: { enabled: true },
    },
    // OAuth state errors land on the web app's handler page, which reports them (popup too).
    onAPIError: { errorURL: "/auth/handler?mode=social" },
    verification: { modelName: "verifications" },
    // Our limiter (features/session/login-rate-limit.ts) keeps counts in Postgres so it
    // holds across server instances; the library's in-memory one would not.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url, token }) => {
        await mailer.send(
          resetPasswordMail(user.email, handlerLink(config.publicUrl, "resetPassword", token, url)),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: async ({ user, url, token }) => {
        await mailer.send(
          verificationMail(user.email, handlerLink(config.publicUrl, "verifyEmail", token, url)),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every way of creating a user (password, OAuth) ends here.
          after: async (user) => {
            await grantFirstAdmin({ db, config, userId: user.id });
          },
        },
      },
      session: {
        create: {
          // Every way of signing in (password, OAuth) ends here, so one check blocks
          // disabled users everywhere.
          before: async (session) => {
            const account = await db
              .selectFrom("accounts")
              .select("disabled")
              .where("userId", "=", session.userId)
              .executeTakeFirst();
            if (account?.disabled) {
              throw new APIError("FORBIDDEN", { code: "USER_DISABLED", message: AUTH_MESSAGES.userDisabled });
            }
            return { data: session };
          },
        },
      },
    },
    plugins: [
      bearer(),
      ...(oauthProviders(config).length ? [genericOAuth({ config: oauthProviders(config) })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
