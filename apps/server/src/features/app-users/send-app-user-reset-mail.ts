import { isValidEmail, normalizeEmail } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { appUserResetPasswordMail } from "../../mail/app-user-mails.ts";
import { appUserLink } from "./app-user-link.ts";
import { issueAppUserCode } from "./issue-app-user-code.ts";
import { loadEndUserApp } from "./load-end-user-app.ts";

export const RESET_MAIL_INTERVAL_MS = 60_000;

/**
 * Mails a reset link when the address has an account in this app. The answer is the same
 * either way (the route always says ok), so the form cannot be used to find out who uses
 * the app; a failed delivery is logged rather than revealed for the same reason.
 */
export async function sendAppUserResetMail(options: {
  deps: Pick<Deps, "db" | "config" | "mailer">;
  appId: string;
  email: string;
}): Promise<void> {
  const { deps, appId } = options;
  const app = await loadEndUserApp(deps.db, appId);
  const email = normalizeEmail(options.email);
  if (!isValidEmail(email)) return;
  const user = await deps.db
    .selectFrom("app_users")
    .select(["id", "email"])
    .where("appId", "=", appId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user) return;
  // One mail a minute per account: the form is public, and must not become a way to
  // flood someone's mailbox.
  const recent = await deps.db
    .selectFrom("app_user_tokens")
    .select("id")
    .where("appUserId", "=", user.id)
    .where("kind", "=", "reset")
    .where("createdAt", ">", new Date(Date.now() - RESET_MAIL_INTERVAL_MS))
    .executeTakeFirst();
  if (recent) return;
  try {
    const code = await issueAppUserCode(deps.db, user.id, "reset");
    await deps.mailer.send(
      appUserResetPasswordMail(user.email, app.name, appUserLink(deps.config, app, "resetPassword", code)),
    );
  } catch (error) {
    log.warn("app user reset mail not sent", { appId, error });
  }
}
