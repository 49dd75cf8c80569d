import { cn } from "@liftoff/ui";
import { useId } from "react";
import { Link } from "react-router";

/** The Liftoff mark: a rocket in a brand tile. */
export function LogoMark({ className }: { className?: string }) {
  // Unique per instance: a hidden copy (e.g. in a display:none panel) must not own the gradient.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-7 shrink-0", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.62 0.21 281)" />
          <stop offset="1" stopColor="oklch(0.45 0.22 280)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M16 6.5c3.3 2.5 5.1 6 5.1 10.1v2.9l2.2 2.4-4 .9-1.5 2.6h-3.6l-1.5-2.6-4-.9 2.2-2.4v-2.9c0-4.1 1.8-7.6 5.1-10.1Z"
        fill="white"
      />
      <circle cx="16" cy="15" r="2.1" fill="oklch(0.5 0.22 280)" />
    </svg>
  );
}

export function Logo({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-[15px] font-semibold tracking-tight text-foreground",
        className,
      )}
    >
      <LogoMark />
      <span>Liftoff</span>
    </Link>
  );
}
