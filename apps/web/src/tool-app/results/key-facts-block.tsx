import { formatValue } from "./block-display.ts";

export function KeyFactsBlock({ facts }: { facts: Readonly<Record<string, unknown>> }) {
  return (
    <dl className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
      {Object.entries(facts).map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-md bg-muted px-3 py-2">
          <dt className="text-xs text-muted-foreground break-words">{label}</dt>
          <dd className="font-medium break-words">{formatValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
