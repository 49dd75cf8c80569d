import type { Mail } from "@liftoff/domain";
import { inject } from "vitest";
import { baseUrl } from "./browser.ts";

/**
 * Waits for a mail to `to` in the dev mailbox (the real store the server writes to). The
 * mailbox is for platform admins only: it is read with the session of the mail-reading admin
 * global setup creates.
 */
export async function waitForMail(to: string, subjectIncludes: string, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl()}/api/dev/mailbox`, {
      headers: { authorization: `Bearer ${inject("mailboxToken")}` },
    });
    const { mails } = (await res.json()) as { mails: Mail[] };
    const mail = mails.find((m) => m.to === to && m.subject.includes(subjectIncludes));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail "${subjectIncludes}" to ${to}`);
}

export function handlerLink(mail: Mail): string {
  const match = mail.text.match(/https?:\/\/\S+\/auth\/handler\S*/);
  if (!match) throw new Error("mail has no /auth/handler link");
  return match[0];
}

/** The link of an app user mail (verify or reset), pointing at the app's login page. */
export function appLoginLink(text: string): string {
  const match = text.match(/https?:\/\/\S+\/apps\/[^/\s]+\/login\?[^\s"'<>]+/);
  if (!match) throw new Error(`mail has no app login link: ${text}`);
  return match[0];
}
