/** spec section 2: the platforms of the share dialog, in its order. */
export const SHARE_NETWORKS = ["twitter", "facebook", "linkedin", "whatsapp", "email"] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const SHARE_NETWORK_LABELS: Readonly<Record<ShareNetwork, string>> = {
  twitter: "Twitter",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  email: "Email",
};

/** Ours (docs/defaults.md): the message used when none is given (spec: "a default … message"). */
export function defaultShareMessage(title: string): string {
  const name = title.trim();
  return name ? `Check out ${name}, an AI tool I just used:` : "Check out this AI tool I just used:";
}

function webAddress(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export type ShareContent = { url: string; message: string };

/**
 * What gets shared: the given link and message, or the defaults (spec: "a default link and
 * message are used when none is given"): the page's own address and defaultShareMessage. A
 * given link that is not a web address falls back to the page too.
 */
export function resolveShareContent(input: {
  url?: string;
  message?: string;
  title: string;
  pageUrl: string;
}): ShareContent {
  const url = webAddress(input.url) ?? webAddress(input.pageUrl) ?? input.pageUrl;
  const message = input.message?.trim() ? input.message.trim() : defaultShareMessage(input.title);
  return { url, message };
}

/** The post as one text: the message, then the link (what the preview types and 'Post copied!' copies). */
export function sharePostText(content: ShareContent): string {
  return `${content.message} ${content.url}`;
}

/** The address that opens `network`'s share screen with the content filled in. */
export function shareUrl(network: ShareNetwork, content: ShareContent & { title?: string }): string {
  const q = encodeURIComponent;
  switch (network) {
    case "twitter":
      return `https://twitter.com/intent/tweet?text=${q(content.message)}&url=${q(content.url)}`;
    case "facebook":
      // Facebook takes only the link (its preview comes from the page's own tags).
      return `https://www.facebook.com/sharer/sharer.php?u=${q(content.url)}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(content.url)}`;
    case "whatsapp":
      return `https://wa.me/?text=${q(sharePostText(content))}`;
    case "email": {
      const subject = content.title?.trim() || content.message;
      return `mailto:?subject=${q(subject)}&body=${q(sharePostText(content))}`;
    }
  }
}

/** The typing preview's pace: a 100-character post types in under two seconds. */
export const TYPING_MS_PER_CHAR = 18;

/**
 * The typing preview: how much of the post shows `elapsedMs` after it started, a character
 * every `msPerChar` (whole code points, so an emoji never shows half).
 */
export function typedPrefix(text: string, elapsedMs: number, msPerChar = TYPING_MS_PER_CHAR): string {
  const chars = Array.from(text);
  const count = Math.max(0, Math.min(chars.length, Math.floor(elapsedMs / msPerChar)));
  return chars.slice(0, count).join("");
}
