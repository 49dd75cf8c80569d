import { cn } from "@liftoff/ui";
import { RocketIcon } from "lucide-react";
import {
  ensureWatermarkStyles,
  WATERMARK_CLASSES,
  WATERMARK_ICON_CLASSES,
  WATERMARK_TEXT,
} from "./watermark-element.ts";

export { platformRootUrl } from "./watermark-element.ts";

export type WatermarkBadgeProps = {
  /** Where the badge leads: the platform's root, or null when it is not known (custom host). */
  href: string | null;
  className?: string;
};

/**
 * 'Made with Liftoff', drawn by the host page above the app frame (never inside it, where
 * app code could hide it) when the app's plan keeps the watermark (spec section 6). The
 * page's fast path draws the same badge without React (watermark-element.ts).
 */
export function WatermarkBadge({ href, className }: WatermarkBadgeProps) {
  ensureWatermarkStyles();
  const classes = cn(WATERMARK_CLASSES, className);
  const content = (
    <>
      <span className={WATERMARK_ICON_CLASSES}>
        <RocketIcon aria-hidden />
      </span>
      {WATERMARK_TEXT}
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
