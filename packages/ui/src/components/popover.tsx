import { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";
import { useReturnFocus } from "../lib/use-return-focus.ts";

// shadcn's Popover on Radix, styled like the kit's other floating surfaces.
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

/**
 * A popover is a dialog to assistive technology (Radix gives it role="dialog"), and an
 * unnamed dialog is announced as just "dialog": the type asks every popover for a name, by
 * a visible title's id or, failing one, a label.
 */
type PopoverName =
  | { "aria-labelledby": string; "aria-label"?: never }
  | { "aria-label": string; "aria-labelledby"?: never };

export type PopoverContentProps = Omit<
  ComponentProps<typeof PopoverPrimitive.Content>,
  "aria-label" | "aria-labelledby"
> &
  PopoverName;

export function PopoverContent({
  className,
  align = "center",
  sideOffset = 6,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: PopoverContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          "z-50 w-72 rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-lg focus-ring-delegated",
          "origin-(--radix-popover-content-transform-origin) data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out",
          className,
        )}
        {...props}
        {...returnFocus}
      />
    </PopoverPrimitive.Portal>
  );
}
