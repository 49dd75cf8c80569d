import { APP_KINDS, type AppKind } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
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
 * The three kinds of app as a radio group of cards (onboarding, New app dialog): arrow keys
 * move the choice, Tab leaves the group from the chosen card.
 */
export function AppKindPicker({ value, onChange, testIdPrefix, labelledBy, ariaLabel }: AppKindPickerProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent, kind: AppKind) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const at = APP_KINDS.indexOf(kind);
    const next = APP_KINDS[(at + step + APP_KINDS.length) % APP_KINDS.length];
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
        const selected = kind === value;
        return (
          <button
            key={kind}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={`${testIdPrefix}-${kind}`}
            onClick={() => onChange(kind)}
            onKeyDown={(e) => onKeyDown(e, kind)}
            className={cn(
              "relative flex flex-row items-start gap-3 rounded-xl border p-4 text-left transition-[border-color,box-shadow,background-color] sm:flex-col",
              selected
                ? "border-primary bg-brand-50/50 ring-1 ring-primary"
                : "border-border bg-background hover:border-neutral-400/70 hover:bg-neutral-25",
            )}
          >
            <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg ring-1", tint)}>
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="grid min-w-0 gap-1 pr-6 sm:pr-0">
              <span className="text-sm font-semibold">{label}</span>
              <span className="text-13 leading-5 text-muted-foreground">{description}</span>
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
