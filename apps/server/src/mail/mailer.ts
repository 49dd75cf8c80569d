import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** 'dev' stores mail in the database for /dev/mailbox; 'smtp' sends it. */
  kind: "dev" | "smtp";
  send(mail: OutgoingMail): Promise<void>;
};

/**
 * With SMTP_URL set, nodemailer delivers. Without it every mail lands in the `mails`
 * table, so sign-up, verification and reset work locally and in tests with a real
 * mailbox store rather than a mock.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<Database>;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: "dev",
    async send(mail) {
      await options.db
        .insertInto("mails")
        .values({ id: randomUUID(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .execute();
    },
  };
}
