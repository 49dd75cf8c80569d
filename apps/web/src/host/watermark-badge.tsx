import { PLATFORM_URL_META } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
import { RocketIcon } from "lucide-react";

export type WatermarkBadgeProps = {
  /** Where the badge leads: the platform's root, or null when it is not known (custom host). */
  href: string | null;
  className?: string;
};

/**
 * 'Made with Liftoff', drawn by the host page above the app frame (never inside it, where
 * app code could hide it) when the app's plan keeps the watermark (spec section 6).
 */
export function WatermarkBadge({ href, className }: WatermarkBadgeProps) {
  const classes = cn(
    "fixed right-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 inline-flex items-center gap-1.5 rounded-full border border-border/80 bg-background/95 px-2.5 py-1",
    "text-xs font-medium text-foreground shadow-sm backdrop-blur transition-colors",
    "hover:bg-neutral-50",
    className,
  );
  const content = (
    <>
      <span className="flex size-4 items-center justify-center rounded-[5px] bg-primary text-primary-foreground">
        <RocketIcon className="size-2.5" aria-hidden />
      </span>
      Made with Liftoff
    </>
  );
  if (!href)
    return (
      <span className={classes} data-testid="watermark">
        {content}
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noopener" className={classes} data-testid="watermark">
      {content}
    </a>
  );
}

/** The platform's root as seen from this page: "/" on the platform; a custom host's server may name it in a meta tag. */
export function platformRootUrl(customHost: boolean): string | null {
  if (!customHost) return "/";
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PLATFORM_URL_META}"]`)?.content;
  return meta && /^https?:\/\//.test(meta) ? meta : null;
}
