import { AppError, AUTH_MESSAGES } from "@liftoff/domain";
import { z } from "zod";
import { emailChangedNoticeMail } from "../../auth/auth-mails.ts";
import type { Deps } from "../../http/app-env.ts";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { log } from "../../log.ts";
import { emailChangeIdentifier } from "./email-change-token.ts";

export const EMAIL_CHANGE_LINK_INVALID =
  "This link is invalid or has expired. Ask for the e-mail change again from your settings.";

const pendingSchema = z.object({ userId: z.string(), from: z.string(), to: z.string() });

/**
 * Completes an e-mail change from the link sent to the new address: the account moves
 * there, verified (opening the link proved it), and the old address gets a notice with a
 * way to take the account back (a password reset). The code works once.
 */
export async function confirmEmailChange(options: {
  deps: Pick<Deps, "db" | "config" | "mailer">;
  oobCode: string;
}): Promise<{ email: string }> {
  const { deps } = options;
  const row = await deps.db
    .deleteFrom("verifications")
    .where("identifier", "=", emailChangeIdentifier(options.oobCode))
    .returning(["value", "expiresAt"])
    .executeTakeFirst();
  const pending = row ? pendingSchema.safeParse(parseJson(row.value)) : null;
  if (!row || !pending?.success || new Date(row.expiresAt).getTime() < Date.now()) {
    throw new AppError("LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
  }
  const { userId, from, to } = pending.data;
  try {
    const updated = await deps.db
      .updateTable("users")
      .set({ email: to, emailVerified: true, updatedAt: new Date() })
      .where("id", "=", userId)
      // A change asked for from an address the account no longer has is stale.
      .where("email", "=", from)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new AppError("LINK_INVALID", EMAIL_CHANGE_LINK_INVALID);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("auth/email-already-exists", AUTH_MESSAGES.emailChangeInUse);
    throw error;
  }
  const reset = new URL("/login", deps.config.publicUrl);
  reset.searchParams.set("mode", "reset");
  await deps.mailer
    .send(emailChangedNoticeMail(from, to, reset.toString()))
    .catch((error) => log.error("email change notice failed", { error }));
  return { email: to };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
