import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";

/**
 * shadcn's Alert composition (`<Alert><Icon/><AlertTitle/><AlertDescription/></Alert>`),
 * where the caller places the icon; the kit's own Alert draws its icon from `tone`.
 * Space apps import this as `Alert` from `@/components/ui/alert`.
 */
export const calloutVariants = cva(
  [
    "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm",
    "has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive:
          "border-destructive-border bg-destructive-subtle text-destructive-text [&>svg]:text-current *:data-[slot=alert-description]:text-destructive-text/90",
        success: "border-success-border bg-success-subtle text-success-text",
        warning: "border-warning-border bg-warning-subtle text-warning-text",
        info: "border-info-border bg-info-subtle text-info-text",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Callout({
  className,
  variant,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof calloutVariants>) {
  return (
    <div data-slot="alert" role="alert" className={cn(calloutVariants({ variant }), className)} {...props} />
  );
}

export function CalloutTitle({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-title"
      className={cn("col-start-2 line-clamp-1 min-h-4 font-medium tracking-tight", className)}
      {...props}
    />
  );
}

export function CalloutDescription({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={cn(
        "col-start-2 grid justify-items-start gap-1 text-sm text-muted-foreground [&_p]:leading-relaxed",
        className,
      )}
      {...props}
    />
  );
}
