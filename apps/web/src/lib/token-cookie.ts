/** The bearer token also lives in a first-party cookie so a reload keeps the session. */
export const TOKEN_COOKIE = "liftoff_token";

export function readTokenCookie(): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return value || null;
    }
  }
  return null;
}

export function writeTokenCookie(token: string, expiresAt?: string): void {
  const expires = expiresAt ? new Date(expiresAt) : null;
  const parts = [`${TOKEN_COOKIE}=${encodeURIComponent(token)}`, "Path=/", "SameSite=Lax"];
  if (expires && !Number.isNaN(expires.getTime())) parts.push(`Expires=${expires.toUTCString()}`);
  if (location.protocol === "https:") parts.push("Secure");
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie
  document.cookie = parts.join("; ");
}

export function clearTokenCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
