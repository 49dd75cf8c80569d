import { createElement, type ElementType, isValidElement, type ReactNode } from "react";
import { cn } from "../lib/cn.ts";

export type EmptyStateProps = {
  /** A lucide icon component (e.g. `Inbox`) or any element. */
  icon?: ElementType<{ className?: string }> | ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  let iconNode: ReactNode = null;
  if (isValidElement(icon)) iconNode = icon;
  else if (typeof icon === "function" || (typeof icon === "object" && icon !== null && "$$typeof" in icon))
    iconNode = createElement(icon as ElementType<{ className?: string }>, { className: "size-5" });
  else if (icon) iconNode = icon as ReactNode;
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-xl border border-dashed border-neutral-300 bg-muted/60 px-6 py-12 text-center",
        className,
      )}
    >
      {iconNode ? (
        <div className="mb-4 flex size-11 items-center justify-center rounded-xl border border-border bg-background text-muted-foreground shadow-xs">
          {iconNode}
        </div>
      ) : null}
      <h3 className="text-base font-semibold tracking-tight">{title}</h3>
      {description ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
