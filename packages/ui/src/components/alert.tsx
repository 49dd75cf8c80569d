import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../lib/cn.ts";

const TONES = {
  info: { box: "border-info-border bg-info-subtle text-info-text", icon: InfoIcon },
  success: { box: "border-success-border bg-success-subtle text-success-text", icon: CircleCheckIcon },
  warning: { box: "border-warning-border bg-warning-subtle text-warning-text", icon: TriangleAlertIcon },
  error: {
    box: "border-destructive-border bg-destructive-subtle text-destructive-text",
    icon: CircleAlertIcon,
  },
} as const;

export type AlertTone = keyof typeof TONES;

export type AlertProps = Omit<ComponentProps<"div">, "title"> & {
  tone?: AlertTone;
  title?: ReactNode;
  /** Extra content at the end (e.g. a button). */
  action?: ReactNode;
};

/** Inline message box. Errors are announced (role="alert"); other tones use role="status". */
export function Alert({ tone = "info", title, action, className, children, role, ...props }: AlertProps) {
  const { box, icon: Icon } = TONES[tone];
  return (
    <div
      role={role ?? (tone === "error" ? "alert" : "status")}
      className={cn("flex gap-3 rounded-lg border px-3.5 py-3 text-sm", box, className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5">
        {title ? <p className="font-medium leading-5">{title}</p> : null}
        {children ? <div className={cn("leading-5", title && "opacity-90")}>{children}</div> : null}
      </div>
      {action ? <div className="shrink-0 self-center">{action}</div> : null}
    </div>
  );
}
