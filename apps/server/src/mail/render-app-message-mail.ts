import type { OutgoingMail } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * A message an app sends to one of its users (the SendEmail integration). The body is
 * app-supplied text, so it is escaped, never rendered as HTML: any user of an app can
 * call SendEmail, and a mail that looks like it came from the app must not carry links
 * or markup that user smuggled in. Line breaks are kept.
 */
export function renderAppMessageMail(input: {
  to: string;
  subject: string;
  body: string;
  appName: string;
  fromName?: string | undefined;
}): OutgoingMail {
  const sender = input.fromName ? `${input.fromName} via ${input.appName}` : input.appName;
  const paragraphs = escapeHtml(input.body).replace(/\r?\n/g, "<br>");
  const html = `<!doctype html><html><body style="margin:0;background:#f6f6f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#fff;border:1px solid #e4e4e7;border-radius:12px"><tr><td style="padding:32px">
<div style="font-weight:700;font-size:16px;color:#4f46e5;margin-bottom:20px">${escapeHtml(sender)}</div>
<div style="font-size:14px;line-height:22px;color:#27272a">${paragraphs}</div>
<p style="font-size:12px;line-height:18px;color:#71717a;margin:24px 0 0">You receive this because you have an account in ${escapeHtml(input.appName)}.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${input.body}\n\n--\nSent by ${sender}. You receive this because you have an account in ${input.appName}.\n`;
  return { to: input.to, subject: input.subject, html, text };
}
