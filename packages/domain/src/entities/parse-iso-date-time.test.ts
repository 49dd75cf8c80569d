import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseIsoDateTime } from "./parse-iso-date-time.ts";

describe("parseIsoDateTime", () => {
  it.each<[string, string]>([
    ["2024-03-05T10:30:00.000Z", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05T10:30:00Z", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05t10:30:00z", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05T10:30Z", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05T10:30", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05 10:30:00", "2024-03-05T10:30:00.000Z"],
    ["2024-03-05T10:30:00.5Z", "2024-03-05T10:30:00.500Z"],
    ["2024-03-05T10:30:00.123456789Z", "2024-03-05T10:30:00.123Z"],
    ["2024-03-05T10:30:00+02:00", "2024-03-05T08:30:00.000Z"],
    ["2024-03-05T10:30:00+0200", "2024-03-05T08:30:00.000Z"],
    ["2024-03-05T10:30:00+02", "2024-03-05T08:30:00.000Z"],
    ["2024-03-05T10:30:00-05:30", "2024-03-05T16:00:00.000Z"],
    ["2024-12-31T23:30:00-01:00", "2025-01-01T00:30:00.000Z"],
    ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"],
    ["2000-02-29T00:00:00Z", "2000-02-29T00:00:00.000Z"],
    ["0050-06-01T00:00:00Z", "0050-06-01T00:00:00.000Z"],
    ["9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"],
  ])("reads %s", (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "",
    "2024-03-05",
    "2024-03-05T",
    "2024-03-05T10",
    "2024-3-5T10:30:00Z",
    "24-03-05T10:30:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-01T00:00:00Z",
    "2024-02-30T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-03-05T24:00:00Z",
    "2024-03-05T10:60:00Z",
    "2024-03-05T10:30:60Z",
    "2024-03-05T10:30:00+24:00",
    "2024-03-05T10:30:00+02:60",
    "2024-03-05T10:30:00 Z",
    " 2024-03-05T10:30:00Z",
    "2024-03-05T10:30:00Z ",
    "March 5, 2024 10:30",
    "Tue, 05 Mar 2024 10:30:00 GMT",
    "1709634600000",
    "+012024-03-05T10:30:00Z",
    "0000-01-01T00:30:00+01:00",
    "9999-12-31T23:30:00-01:00",
  ])("refuses %j", (text) => {
    expect(parseIsoDateTime(text)).toBeNull();
  });

  it("reads back every toISOString() of years 0000..9999", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59.999Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(parseIsoDateTime(date.toISOString())?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });

  it("agrees with Date.parse on every text it accepts with an explicit offset", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1000-01-01T00:00:00Z"),
          max: new Date("9000-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (date, offset) => {
          const sign = offset < 0 ? "-" : "+";
          const abs = Math.abs(offset);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
          const text = `${date.toISOString().slice(0, 23)}${zone}`;
          expect(parseIsoDateTime(text)?.getTime()).toBe(Date.parse(text));
        },
      ),
    );
  });
});
