import { cn } from "@liftoff/ui";
import type { ElementType, ReactNode } from "react";

export type StatusPageProps = {
  icon: ElementType<{ className?: string }>;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** "warning" tints the icon for pages that explain a temporary state. */
  tone?: "neutral" | "warning";
};

/** A friendly full-page message (app not found, being updated, failed to load). */
export function StatusPage({ icon: Icon, title, description, action, tone = "neutral" }: StatusPageProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-50 px-6 py-12">
      <div className="flex max-w-sm flex-col items-center text-center" data-testid="host-status">
        <div
          className={cn(
            "mb-5 flex size-12 items-center justify-center rounded-2xl border bg-background shadow-xs",
            tone === "warning"
              ? "border-warning-border text-warning-text"
              : "border-border text-muted-foreground",
          )}
        >
          <Icon className="size-5.5" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
        {description ? <p className="mt-2 text-sm leading-6 text-muted-foreground">{description}</p> : null}
        {action ? (
          <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{action}</div>
        ) : null}
      </div>
    </main>
  );
}
