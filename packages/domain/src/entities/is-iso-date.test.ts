import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate } from "./is-iso-date.ts";

describe("isIsoDate", () => {
  it.each(["2024-03-05", "2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01", "9999-12-31", "0050-01-31"])(
    "accepts %s",
    (text) => {
      expect(isIsoDate(text)).toBe(true);
    },
  );

  it.each([
    "",
    "2024-3-5",
    "2024-03-05T00:00:00Z",
    "2023-02-29",
    "1900-02-29",
    "2024-04-31",
    "2024-13-01",
    "2024-00-10",
    "2024-01-00",
    "2024-01-32",
    "05-03-2024",
    "2024/03/05",
    " 2024-03-05",
  ])("refuses %j", (text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  it("accepts the date part of every ISO date-time", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => isIsoDate(date.toISOString().slice(0, 10)),
      ),
    );
  });
});
