import {
  AppError,
  INTEGRATION_MESSAGES,
  isValidEmail,
  normalizeEmail,
  sendEmailParamsSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { takeStoredRateLimit } from "../../http/take-stored-rate-limit.ts";
import { renderAppMessageMail } from "../../mail/render-app-message-mail.ts";
import type { IntegrationParams } from "./read-integration-params.ts";
import type { IntegrationCaller } from "./resolve-integration-caller.ts";

/** Mails one app may send per hour (docs/defaults.md): enough for notifications, useless for spam. */
export const SEND_EMAIL_PER_APP_PER_HOUR = 50;

/**
 * SendEmail: a mail from the app to one of its own users (or its owner). Only addresses
 * someone proved they read count: a verified end user of this app, or the owner's verified
 * platform address. Anyone can sign up to an app (or to the platform) with a stranger's
 * address, so counting unverified ones would make the platform a mail relay. Each app may
 * send SEND_EMAIL_PER_APP_PER_HOUR mails an hour.
 */
export async function sendAppEmail(options: {
  deps: Pick<Deps, "db" | "mailer">;
  caller: IntegrationCaller;
  params: IntegrationParams;
}): Promise<{ ok: true }> {
  const { deps, caller } = options;
  const params = sendEmailParamsSchema.parse(options.params);
  const to = normalizeEmail(params.to);
  if (!isValidEmail(to)) throw new AppError("INVALID_EMAIL", "This email is invalid");
  const isOwner =
    normalizeEmail(caller.app.ownerEmail) === to &&
    (await deps.db
      .selectFrom("users")
      .select("id")
      .where("id", "=", caller.app.ownerId)
      .where("emailVerified", "=", true)
      .executeTakeFirst()) !== undefined;
  const user = isOwner
    ? undefined
    : await deps.db
        .selectFrom("app_users")
        .select("email")
        .where("appId", "=", caller.app.id)
        .where("email", "=", to)
        .where("emailVerified", "=", true)
        .executeTakeFirst();
  if (!isOwner && !user) throw new AppError("FORBIDDEN", INTEGRATION_MESSAGES.sendEmailStranger);
  await takeStoredRateLimit(deps.db, {
    key: `send-email\n${caller.app.id}`,
    max: SEND_EMAIL_PER_APP_PER_HOUR,
    windowMs: 3600_000,
    message: INTEGRATION_MESSAGES.sendEmailRateLimited,
  });
  await deps.mailer.send(
    renderAppMessageMail({
      to: user?.email ?? caller.app.ownerEmail,
      subject: params.subject,
      body: params.body,
      appName: caller.app.name,
      fromName: params.from_name,
    }),
  );
  return { ok: true };
}
