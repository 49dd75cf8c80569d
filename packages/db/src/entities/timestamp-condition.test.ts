import { compareCodePoints } from "@liftoff/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timestampCondition } from "./timestamp-condition.ts";

const OPERATORS = ["eq", "gt", "gte", "lt", "lte"] as const;

function holds(operator: (typeof OPERATORS)[number], order: number): boolean {
  return { eq: order === 0, gt: order > 0, gte: order >= 0, lt: order < 0, lte: order <= 0 }[operator];
}

function satisfies(condition: ReturnType<typeof timestampCondition>, time: number): boolean {
  if (condition.kind !== "range") return condition.kind === "all";
  return (
    (condition.from === null || time >= Date.parse(condition.from)) &&
    (condition.before === null || time < Date.parse(condition.before))
  );
}

describe("timestampCondition", () => {
  it("turns day prefixes into ranges", () => {
    expect(timestampCondition("gte", "2024-05-01")).toEqual({
      kind: "range",
      from: "2024-05-01T00:00:00.000Z",
      before: null,
    });
    expect(timestampCondition("lt", "2024-05-02")).toEqual({
      kind: "range",
      from: null,
      before: "2024-05-02T00:00:00.000Z",
    });
    // "2024-05-01T…" > "2024-05-01" for every instant of that day.
    expect(timestampCondition("gt", "2024-05-01")).toEqual({
      kind: "range",
      from: "2024-05-01T00:00:00.000Z",
      before: null,
    });
    expect(timestampCondition("lte", "2024-05-01")).toEqual({
      kind: "range",
      from: null,
      before: "2024-05-01T00:00:00.000Z",
    });
  });

  it("matches one millisecond for exact equality, and nothing for other spellings", () => {
    expect(timestampCondition("eq", "2024-05-01T12:00:00.000Z")).toEqual({
      kind: "range",
      from: "2024-05-01T12:00:00.000Z",
      before: "2024-05-01T12:00:00.001Z",
    });
    for (const other of ["2024-05-01T12:00:00Z", "2024-05-01", "2024-13-01T00:00:00.000Z", "x"]) {
      expect(timestampCondition("eq", other)).toEqual({ kind: "none" });
    }
  });

  it("answers all or none when the text is outside every ISO string", () => {
    expect(timestampCondition("gt", "")).toEqual({ kind: "all" });
    expect(timestampCondition("lt", "")).toEqual({ kind: "none" });
    expect(timestampCondition("gt", "a")).toEqual({ kind: "none" });
    expect(timestampCondition("lt", "a")).toEqual({ kind: "all" });
  });

  it("agrees with comparing the ISO strings, for any text and instant", () => {
    const text = fc.oneof(
      fc
        .date({
          noInvalidDate: true,
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59.999Z"),
        })
        .map((date) => date.toISOString()),
      // Prefixes such as '2024', '2024-05-01T12'.
      fc
        .tuple(
          fc.date({
            noInvalidDate: true,
            min: new Date("0001-01-01T00:00:00Z"),
            max: new Date("9999-12-31T00:00:00Z"),
          }),
          fc.nat(24),
        )
        .map(([date, length]) => date.toISOString().slice(0, length)),
      fc.string({
        unit: fc.constantFrom("0", "1", "2", "9", "-", ":", "T", "Z", ".", "a", "😀"),
        maxLength: 12,
      }),
    );
    const instant = fc.integer({
      min: Date.parse("0001-01-01T00:00:00.000Z"),
      max: Date.parse("9999-12-31T23:59:59.999Z"),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATORS),
        text,
        fc.array(instant, { maxLength: 5 }),
        (operator, value, times) => {
          const condition = timestampCondition(operator, value);
          const boundaries = condition.kind === "range" ? [condition.from, condition.before] : [];
          // Check the instants around each boundary too, where an off-by-one would show.
          const probes = [
            ...times,
            ...boundaries.flatMap((b) => (b === null ? [] : [Date.parse(b) - 1, Date.parse(b)])),
          ];
          for (const time of probes) {
            const expected = holds(operator, compareCodePoints(new Date(time).toISOString(), value));
            expect(satisfies(condition, time)).toBe(expected);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
