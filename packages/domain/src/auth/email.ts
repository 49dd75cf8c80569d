// zod's own e-mail pattern (what z.email() checks by default), from its small core module:
// the published app's login page checks addresses too, and `import { z } from "zod"` would
// bring all of zod into that page (~77 KB brotli). email.test.ts pins it to z.email().
import { regexes } from "zod/v4/core";

/** Normalised e-mail: trimmed and lower-cased, so one address is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return regexes.email.test(email.trim());
}
