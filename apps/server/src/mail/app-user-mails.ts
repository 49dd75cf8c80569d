import type { OutgoingMail } from "./mailer.ts";
import { renderActionMail } from "./render-action-mail.ts";

/** Mails to an app's end users name the app, not the platform: it is the app they joined. */
export function appUserVerificationMail(to: string, appName: string, link: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: `Verify your email for ${appName}`,
    heading: `Confirm your email for ${appName}`,
    intro: `Thanks for signing up to ${appName}. Confirm that this is your email address to finish setting up your account. The link works for 24 hours.`,
    actionLabel: "Verify email",
    actionUrl: link,
    outro: "If you did not create an account, you can ignore this email.",
  });
}

export function appUserResetPasswordMail(to: string, appName: string, link: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: `Reset your ${appName} password`,
    heading: "Reset your password",
    intro: `Someone asked to reset the password of your ${appName} account. Choose a new password with the button below. The link works for one hour.`,
    actionLabel: "Reset password",
    actionUrl: link,
    outro: "If you did not ask for this, you can ignore this email: your password stays the same.",
  });
}
