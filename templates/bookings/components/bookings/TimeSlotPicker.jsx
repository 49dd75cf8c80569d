import { cn } from "@/lib/utils";

export default function TimeSlotPicker({ slots, value, onChange, taken = [] }) {
  if (slots.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        No times left on this day. Try another date.
      </p>
    );
  }
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {slots.map((slot) => {
        const unavailable = taken.includes(slot);
        return (
          <button
            key={slot}
            type="button"
            disabled={unavailable}
            onClick={() => onChange(slot)}
            className={cn(
              "rounded-lg border px-3 py-2 text-sm font-medium tabular-nums transition-colors",
              value === slot
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:border-primary/50 hover:bg-primary/5",
              unavailable &&
                "cursor-not-allowed opacity-40 line-through hover:border-border hover:bg-background",
            )}
          >
            {slot}
          </button>
        );
      })}
    </div>
  );
}
