import { Label, Switch } from "@liftoff/ui";

/**
 * A labelled switch with its description. When `reason` is given it replaces the
 * description and is tied to the switch (aria-describedby), so the builder hears why the
 * switch is fixed or off.
 */
export function ToggleRow(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  reason?: string | null;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const noteId = `${props.id}-note`;
  const note = props.error ?? props.reason ?? props.description;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p
          id={noteId}
          role={props.error ? "alert" : undefined}
          className={props.error ? "text-13 text-destructive-text" : "text-13 text-muted-foreground"}
        >
          {note}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={noteId}
        aria-invalid={props.error ? true : undefined}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}
