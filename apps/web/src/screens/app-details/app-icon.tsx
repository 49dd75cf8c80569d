import { cn } from "@liftoff/ui";
import { appIconComponent } from "./app-icons.ts";

/** An app's icon: a lucide icon by name; anything else it stores (an emoji) as text. */
export function AppIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const Icon = appIconComponent(icon);
  if (Icon) return <Icon className={cn("size-4", className)} aria-hidden />;
  return (
    <span className="leading-none" aria-hidden>
      {icon}
    </span>
  );
}
