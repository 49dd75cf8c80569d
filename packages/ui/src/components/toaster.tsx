import type { ComponentProps, CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";

export { toast } from "sonner";

/** Mount once at the root; call `toast()` / `toast.success()` / `toast.error()` anywhere. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      richColors
      theme="light"
      style={
        {
          "--normal-bg": "var(--color-popover)",
          "--normal-text": "var(--color-popover-foreground)",
          "--normal-border": "var(--color-border)",
          "--success-bg": "var(--color-popover)",
          "--success-text": "var(--color-success-text)",
          "--success-border": "var(--color-success-border)",
          "--error-bg": "var(--color-popover)",
          "--error-text": "var(--color-destructive-text)",
          "--error-border": "var(--color-destructive-border)",
          "--border-radius": "var(--radius-lg)",
          fontFamily: "var(--font-sans)",
        } as CSSProperties
      }
      toastOptions={{ classNames: { toast: "shadow-lg! text-sm!", description: "text-muted-foreground!" } }}
      {...props}
    />
  );
}
