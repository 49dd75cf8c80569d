/**
 * How the sign-in popup hands its result to the page that opened it. A same-origin
 * BroadcastChannel, not window.opener: the popup's trip through the provider's origin can
 * sever the opener (Cross-Origin-Opener-Policy on either side), while a channel reaches
 * every same-origin window regardless.
 */
export const SOCIAL_CHANNEL = "liftoff:social";

/**
 * The popup only says whether the sign-in worked: the session is the HttpOnly cookie the
 * OAuth callback set, which the opening page shares (same origin). No token travels.
 */
export type SocialResult =
  | { type: typeof SOCIAL_CHANNEL; signedIn: true }
  | { type: typeof SOCIAL_CHANNEL; error: string };

export function announceSocialResult(result: { signedIn: true } | { error: string }): void {
  const message = { type: SOCIAL_CHANNEL, ...result } as SocialResult;
  const channel = new BroadcastChannel(SOCIAL_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export function isSocialResult(data: unknown): data is SocialResult {
  if (!data || typeof data !== "object") return false;
  const d = data as { type?: unknown; signedIn?: unknown; error?: unknown };
  return d.type === SOCIAL_CHANNEL && (d.signedIn === true || typeof d.error === "string");
}

export function listenForSocialResult(handler: (result: SocialResult) => void): () => void {
  const channel = new BroadcastChannel(SOCIAL_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isSocialResult(event.data)) handler(event.data);
  };
  return () => channel.close();
}

/** Readable text for the error codes the auth library puts on the handler URL. */
export function socialErrorMessage(code: string, description: string | null): string {
  if (description) return description.replaceAll("_", " ");
  if (code === "USER_DISABLED") return "User is disabled, contact us for more info";
  if (code === "account_not_linked") {
    return "This e-mail already has an account. Log in with your password first, then connect the provider.";
  }
  return "The sign-in did not complete. Please try again.";
}
