import { Button } from "@liftoff/ui";
import { ArrowUpRightIcon } from "lucide-react";

/** Only web addresses become the CTA's link: a builder's typo or a javascript: URL never does. */
export function ctaHref(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The tool's call to action, shown after a successful result. */
export function RunCta({ message, button, link }: { message: string; button: string; link: string }) {
  const href = ctaHref(link);
  const label = button.trim();
  if (message.trim() === "" && !(label && href)) return null;
  return (
    <aside
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4 sm:flex-row sm:items-center print:hidden"
      aria-label="Call to action"
    >
      {message.trim() ? <p className="min-w-0 flex-1 text-sm break-words">{message}</p> : null}
      {label && href ? (
        <Button asChild>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {label}
            <ArrowUpRightIcon aria-hidden="true" />
          </a>
        </Button>
      ) : null}
    </aside>
  );
}
