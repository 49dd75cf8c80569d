import { cn } from "@liftoff/ui";
import { LogInIcon } from "lucide-react";

/** An app's icon: its image, its emoji, or the first letter of its name on the brand colour. */
export function AppIcon({
  icon,
  name,
  className,
}: {
  icon: string | null;
  name: string;
  className?: string;
}) {
  const base = cn("flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl", className);
  if (icon && /^(https?:\/\/|\/|data:image\/)/.test(icon)) {
    return <img src={icon} alt="" className={cn(base, "border border-border bg-background object-cover")} />;
  }
  if (icon && icon.length <= 8) {
    return (
      <span aria-hidden className={cn(base, "border border-border bg-background text-2xl shadow-xs")}>
        {icon}
      </span>
    );
  }
  if (!name.trim()) {
    return (
      <span aria-hidden className={cn(base, "bg-primary text-primary-foreground shadow-xs")}>
        <LogInIcon className="size-5" />
      </span>
    );
  }
  return (
    <span
      aria-hidden
      className={cn(base, "bg-primary text-lg font-semibold text-primary-foreground shadow-xs")}
    >
      {(name.trim()[0] ?? "A").toUpperCase()}
    </span>
  );
}
