import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time.ts";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatRelativeTime", () => {
  it("reads under a minute as just now", () => {
    expect(formatRelativeTime(ago(0), now)).toBe("just now");
    expect(formatRelativeTime(ago(59_000), now)).toBe("just now");
  });

  it("treats future timestamps as just now", () => {
    expect(formatRelativeTime(ago(-60_000), now)).toBe("just now");
  });

  it("counts minutes and hours with singular and plural", () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3_600_000), now)).toBe("1 hour ago");
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe("23 hours ago");
  });

  it("says yesterday, then days", () => {
    expect(formatRelativeTime(ago(25 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe("3 days ago");
  });

  it("falls back to an absolute date after a week", () => {
    expect(formatRelativeTime("2025-03-04T10:00:00Z", now)).toBe("Mar 4, 2025");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});
