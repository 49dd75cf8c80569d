import type { OutgoingMail } from "./mailer.ts";

export type ActionMailInput = {
  to: string;
  subject: string;
  heading: string;
  intro: string;
  actionLabel: string;
  actionUrl: string;
  outro: string;
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** One layout for every transactional mail: a heading, a sentence, one button, a fallback link. */
export function renderActionMail(input: ActionMailInput): OutgoingMail {
  const url = escapeHtml(input.actionUrl);
  const html = `<!doctype html><html><body style="margin:0;background:#f6f6f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border:1px solid #e4e4e7;border-radius:12px"><tr><td style="padding:32px">
<div style="font-weight:700;font-size:18px;color:#4f46e5;margin-bottom:24px">Liftoff</div>
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(input.heading)}</h1>
<p style="font-size:14px;line-height:22px;color:#3f3f46;margin:0 0 24px">${escapeHtml(input.intro)}</p>
<a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;font-size:14px;padding:10px 18px;border-radius:8px">${escapeHtml(input.actionLabel)}</a>
<p style="font-size:12px;line-height:18px;color:#71717a;margin:24px 0 0">${escapeHtml(input.outro)}<br>If the button does not work, open this link: <a href="${url}" style="color:#4f46e5">${url}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${input.heading}\n\n${input.intro}\n\n${input.actionLabel}: ${input.actionUrl}\n\n${input.outro}\n`;
  return { to: input.to, subject: input.subject, html, text };
}
