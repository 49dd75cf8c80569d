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

export function confirmEmailChangeMail(to: string, link: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: "Confirm your new email for Liftoff",
    heading: "Confirm your new email address",
    intro:
      "Someone asked to make this the sign-in address of a Liftoff account. Your account keeps its current address until you confirm with the button below. The link works for three days.",
    actionLabel: "Confirm new email",
    actionUrl: link,
    outro: "If you did not ask for this, you can ignore this email: nothing changes.",
  });
}

export function emailChangedNoticeMail(to: string, newEmail: string, resetLink: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: "Your Liftoff sign-in email was changed",
    heading: "Your sign-in email was changed",
    intro: `The sign-in address of your Liftoff account is now ${newEmail}. Mail about your account goes there from now on.`,
    actionLabel: "Reset password",
    actionUrl: resetLink,
    outro: "If you did not make this change, reset your password and contact support right away.",
  });
}
