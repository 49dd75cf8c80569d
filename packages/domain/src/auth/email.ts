import { z } from "zod";

const emailSchema = z.email();

/** Normalised e-mail: trimmed and lower-cased, so one address is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return emailSchema.safeParse(email.trim()).success;
}
