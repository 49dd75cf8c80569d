/**
 * Open-redirect protection for `redirectTo` and similar query parameters: only a path on
 * this site may be followed after login. Anyone can craft a login link, so a value like
 * `//evil.example/login` must never turn our login page into a phishing relay.
 *
 * A safe value:
 * - is a string of at most MAX_REDIRECT_LENGTH characters;
 * - starts with exactly one '/' (so it is a path, not `https://...`, `javascript:...` or a
 *   protocol-relative `//host`);
 * - holds no backslash and no control character: browsers read `/\host` as `//host` and
 *   silently delete tabs and newlines, so `/\t/host` would become `//host`;
 * - still starts with a single '/' once percent-decoded, because some routers decode the
 *   path before navigating (`/%2F%2Fhost`), and decodes cleanly;
 * - resolves, as a URL, to the same origin it was resolved against: a last check by the
 *   platform's own parser in case a rule above missed a trick.
 */
export const MAX_REDIRECT_LENGTH = 2_000;

// Control characters (C0 and DEL) and the backslash, anywhere in the value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

const PROBE_ORIGIN = "https://liftoff.invalid";

function isSinglySlashed(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !FORBIDDEN_CHARACTERS.test(path);
}

export function isSafeRedirect(path: unknown): path is string {
  if (typeof path !== "string" || path.length === 0 || path.length > MAX_REDIRECT_LENGTH) return false;
  if (!isSinglySlashed(path)) return false;

  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false; // malformed escapes: not something we produced, so not something we follow
  }
  if (!isSinglySlashed(decoded)) return false;

  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
