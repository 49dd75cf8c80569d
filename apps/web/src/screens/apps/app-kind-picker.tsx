import { APP_KINDS, type AppKind, isAppKindAvailable } from "@liftoff/domain";
import { Badge, cn } from "@liftoff/ui";
import { CheckIcon } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { appKindInfo } from "../../lib/app-kinds.ts";

export type AppKindPickerProps = {
  value: AppKind;
  onChange: (kind: AppKind) => void;
  /** Prefix of each card's data-testid: `${testIdPrefix}-${kind}`. */
  testIdPrefix: string;
  labelledBy?: string;
  ariaLabel?: string;
};

/**
 * The three kinds of app as a radio group of cards (onboarding, New app dialog). Kinds not
 * built yet are shown, marked "Coming soon", and cannot be chosen: arrow keys and Tab pass
 * them by, so the choice is always one that can be created.
 */
export function AppKindPicker({ value, onChange, testIdPrefix, labelledBy, ariaLabel }: AppKindPickerProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const choosable = APP_KINDS.filter(isAppKindAvailable);

  function onKeyDown(event: KeyboardEvent, kind: AppKind) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const at = choosable.indexOf(kind);
    const next = choosable[(at + step + choosable.length) % choosable.length];
    if (!next) return;
    onChange(next);
    refs.current[APP_KINDS.indexOf(next)]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={ariaLabel}
      className="grid gap-3 sm:grid-cols-3"
    >
      {APP_KINDS.map((kind, index) => {
        const { label, description, icon: Icon, tint } = appKindInfo(kind);
        const available = isAppKindAvailable(kind);
        const selected = available && kind === value;
        return (
          <button
            key={kind}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-disabled={!available || undefined}
            disabled={!available}
            tabIndex={selected ? 0 : -1}
            data-testid={`${testIdPrefix}-${kind}`}
            onClick={() => onChange(kind)}
            onKeyDown={(e) => onKeyDown(e, kind)}
            className={cn(
              "relative flex flex-row items-start gap-3 rounded-xl border p-4 text-left transition-[border-color,box-shadow,background-color] sm:flex-col",
              !available
                ? "cursor-not-allowed border-dashed border-border bg-neutral-50"
                : selected
                  ? "border-primary bg-brand-50/50 ring-1 ring-primary"
                  : "border-border bg-background hover:border-neutral-400/70 hover:bg-neutral-25",
            )}
          >
            <span
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-lg ring-1",
                tint,
                !available && "opacity-60",
              )}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="grid min-w-0 gap-1 pr-6 sm:pr-0">
              <span className={cn("text-sm font-semibold", !available && "text-muted-foreground")}>
                {label}
              </span>
              <span className="text-13 leading-5 text-muted-foreground">{description}</span>
              {available ? null : (
                <Badge
                  variant="secondary"
                  className="mt-1 w-fit"
                  data-testid={`${testIdPrefix}-${kind}-soon`}
                >
                  Coming soon
                </Badge>
              )}
            </span>
            {selected ? (
              <span
                aria-hidden
                className="absolute top-3 right-3 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground"
              >
                <CheckIcon className="size-3" strokeWidth={3} />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
