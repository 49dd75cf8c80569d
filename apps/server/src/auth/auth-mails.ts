import type { OutgoingMail } from "../mail/mailer.ts";
import { renderActionMail } from "../mail/render-action-mail.ts";

export function verificationMail(to: string, link: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: "Verify your email for Liftoff",
    heading: "Confirm your email address",
    intro:
      "Thanks for signing up. Confirm that this is your email address to finish setting up your account.",
    actionLabel: "Verify email",
    actionUrl: link,
    outro: "If you did not create an account, you can ignore this email.",
  });
}

export function resetPasswordMail(to: string, link: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: "Reset your Liftoff password",
    heading: "Reset your password",
    intro:
      "Someone asked to reset the password of your account. Choose a new password with the button below. The link works for one hour.",
    actionLabel: "Reset password",
    actionUrl: link,
    outro: "If you did not ask for this, you can ignore this email: your password stays the same.",
  });
}
