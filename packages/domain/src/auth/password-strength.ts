/**
 * One password rule for sign-up, reset and change, checked in the browser for instant
 * feedback and again on the server, which is authoritative. At least 8 characters with a
 * letter and a digit, or any passphrase of 16 characters or more.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (password.trim().length === 0) return false;
  if (password.length >= 16) return true;
  return /\p{L}/u.test(password) && /\p{N}/u.test(password);
}
