import { type Tool, toolSchema } from "@liftoff/domain";

export type CtaField = "ctaMessage" | "ctaButton" | "ctaLink";

/** The contract's message for one call-to-action field as typed, or null when it is fine. */
export function ctaFieldError(field: CtaField, value: string): string | null {
  const checked = toolSchema.shape[field].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

export type CtaLinkStatus =
  | { state: "empty" }
  | { state: "valid"; host: string; message: string }
  | { state: "invalid"; message: string };

/**
 * What the link box says as the builder types: nothing when empty, the schema's own message
 * when the link would be refused, and which site the button opens once it is a valid URL.
 */
export function ctaLinkStatus(link: string): CtaLinkStatus {
  if (link === "") return { state: "empty" };
  const error = ctaFieldError("ctaLink", link);
  if (error) return { state: "invalid", message: error };
  const host = new URL(link).host;
  return { state: "valid", host, message: `Valid URL: the button opens ${host} in a new tab` };
}

/** The call to action as an end user sees it under a result. */
export type CtaDisplay = {
  /** Whether end users see a call to action at all. */
  visible: boolean;
  message: string;
  /** The button, shown only with a label and a valid link (a button that goes nowhere is worse than none). */
  button: { label: string; href: string } | null;
  /** Why part of what the builder wrote does not show, for the preview's note. */
  hints: string[];
};

export function ctaDisplay(tool: Pick<Tool, CtaField>): CtaDisplay {
  const message = tool.ctaMessage.trim();
  const label = tool.ctaButton.trim();
  const link = tool.ctaLink.trim();
  const linkOk = link !== "" && ctaFieldError("ctaLink", link) === null;
  const button = label !== "" && linkOk ? { label, href: link } : null;
  const hints: string[] = [];
  if (label !== "" && !linkOk) hints.push("The button shows once it has a valid link.");
  if (label === "" && linkOk) hints.push("Add a button text to show the button.");
  return { visible: message !== "" || button !== null, message, button, hints };
}
