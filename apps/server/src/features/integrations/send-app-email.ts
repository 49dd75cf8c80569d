import {
  AppError,
  INTEGRATION_MESSAGES,
  isValidEmail,
  normalizeEmail,
  sendEmailParamsSchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { renderAppMessageMail } from "../../mail/render-app-message-mail.ts";
import type { IntegrationParams } from "./read-integration-params.ts";
import type { IntegrationCaller } from "./resolve-integration-caller.ts";

/**
 * SendEmail: a mail from the app to one of its own users (or its owner). Any address
 * outside the app is refused, so an app (or anyone holding one of its tokens) cannot use
 * the platform's mail server to write to strangers.
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
  const isOwner = normalizeEmail(caller.app.ownerEmail) === to;
  const user = isOwner
    ? undefined
    : await deps.db
        .selectFrom("app_users")
        .select("email")
        .where("appId", "=", caller.app.id)
        .where("email", "=", to)
        .executeTakeFirst();
  if (!isOwner && !user) throw new AppError("FORBIDDEN", INTEGRATION_MESSAGES.sendEmailStranger);
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
