import { compareCodePoints, type RangeOperator } from "@liftoff/domain";

/**
 * Which instants satisfy "createdAt OP value" when createdAt is read, as the filter
 * language defines it, as its ISO string (toISOString: '2024-05-01T12:00:00.000Z') and
 * value is any string. `range` bounds are canonical ISO strings on whole milliseconds:
 * from ≤ t < before.
 */
export type TimestampCondition =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "range"; from: string | null; before: string | null };

// Instants a row can have (PostgreSQL has no year 0; ours are written by the server, now-ish).
const FIRST = Date.parse("0001-01-01T00:00:00.000Z");
const LAST = Date.parse("9999-12-31T23:59:59.999Z");

const iso = (time: number) => new Date(time).toISOString();

/**
 * The ISO strings of instants in years 1..9999 have one fixed width and sort like the
 * instants themselves, so "iso(t) > value" holds for a suffix of time and "iso(t) < value"
 * for a prefix, whatever value is ('2024', '2024-05-01', a full timestamp, 'abc'). The
 * boundary is found by binary search over milliseconds (about 50 steps), which turns a
 * text comparison into a plain range on the timestamptz column: exact, and indexable.
 *
 * Bounds are whole milliseconds, so comparing the stored value (even with microseconds)
 * against them gives the same answer as comparing its millisecond-truncated ISO string,
 * which is what the in-memory evaluator sees after the driver reads it.
 */
export function timestampCondition(operator: "eq" | RangeOperator, value: string): TimestampCondition {
  if (operator === "eq") {
    const time = Date.parse(value);
    if (Number.isNaN(time) || time < FIRST || time > LAST || iso(time) !== value) return { kind: "none" };
    return { kind: "range", from: value, before: time < LAST ? iso(time + 1) : null };
  }
  const after = operator === "gt" || operator === "lte";
  // The first instant whose ISO string is > value (after) or >= value (otherwise).
  const boundary = firstInstant((time) => {
    const order = compareCodePoints(iso(time), value);
    return after ? order > 0 : order >= 0;
  });
  if (operator === "gt" || operator === "gte") {
    if (boundary === null) return { kind: "none" };
    return boundary === FIRST ? { kind: "all" } : { kind: "range", from: iso(boundary), before: null };
  }
  if (boundary === null) return { kind: "all" };
  return boundary === FIRST ? { kind: "none" } : { kind: "range", from: null, before: iso(boundary) };
}

function firstInstant(holds: (time: number) => boolean): number | null {
  if (!holds(LAST)) return null;
  let low = FIRST;
  let high = LAST;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
