import type { Config } from "../config.ts";
import { log } from "../log.ts";
import type { Mailer } from "./mailer.ts";

export const HELD_MAIL_WARNING =
  "SMTP_URL is not set: no mail is sent. Verification, reset and app mails are held in the dev mailbox (/dev/mailbox), which only platform admins can read (each signed-in user sees only mail to their own address). Set SMTP_URL to deliver mail.";

/**
 * Says at start what happens to mail. In production without SMTP nobody receives their
 * links, which an operator must not discover from confused users: a warning, every boot.
 */
export function announceMailMode(config: Pick<Config, "production">, mailer: Pick<Mailer, "kind">): void {
  if (mailer.kind !== "dev") return;
  if (config.production) log.warn(HELD_MAIL_WARNING);
  else
    log.info(
      "No SMTP_URL: mail goes to the dev mailbox at /dev/mailbox (platform admins, and your own mail)",
    );
}
