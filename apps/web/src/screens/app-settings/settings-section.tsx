import { Card, Label, Switch, Tooltip } from "@liftoff/ui";
import type { ReactNode } from "react";

/** A titled card of the settings panels (space apps, generated apps and single tools). */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-4">
      <div className="grid gap-0.5">
        <h3 className="text-sm font-semibold">{title}</h3>
        {description ? <p className="text-13 text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** A labelled switch with its explanation; a disabled one explains itself in a reachable tooltip. */
export function ToggleRow(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  tooltip?: string | null;
  onChange: (checked: boolean) => void;
}) {
  const toggle = (
    <Switch
      id={props.id}
      checked={props.checked}
      disabled={props.disabled}
      onCheckedChange={props.onChange}
      data-testid={props.id}
    />
  );
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p className="text-13 text-muted-foreground">{props.description}</p>
      </div>
      {props.tooltip ? (
        <Tooltip content={props.tooltip}>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip explaining the disabled switch.
            tabIndex={0}
            className="rounded-full"
            data-testid={`${props.id}-tooltip`}
          >
            {toggle}
          </span>
        </Tooltip>
      ) : (
        toggle
      )}
    </div>
  );
}
