import { describe, expect, it } from "vitest";
import { formatUsage, usageLevel, usagePercent, usageRows } from "./usage-rows.ts";

describe("usageLevel", () => {
  it("is ok below 80 %", () => {
    expect(usageLevel(0, 100)).toBe("ok");
    expect(usageLevel(79, 100)).toBe("ok");
  });
  it("is high from 80 %", () => {
    expect(usageLevel(80, 100)).toBe("high");
    expect(usageLevel(99, 100)).toBe("high");
  });
  it("is full at the limit, past it, or with no allowance", () => {
    expect(usageLevel(100, 100)).toBe("full");
    expect(usageLevel(120, 100)).toBe("full");
    expect(usageLevel(0, 0)).toBe("full");
  });
});

describe("usageRows", () => {
  it("lists the six meters in order with their levels", () => {
    const rows = usageRows({
      appRunsUsed: 2500,
      appRunsTotal: 2500,
      appGenerationsUsed: 1,
      appGenerationsTotal: 10,
      dataProcessingUsed: 900,
      dataProcessingTotal: 1000,
      builderChatMessagesUsed: 0,
      builderChatMessagesTotal: 50,
      appsCount: 1,
      maxApps: 3,
      spaceAppsCount: 1,
      maxSpaceApps: 1,
    });
    expect(rows.find((r) => r.id === "dataProcessing")?.unit).toBe("MB");
    expect(rows.find((r) => r.id === "apps")?.unit).toBeNull();
    expect(rows.map((r) => [r.id, r.used, r.total, r.level])).toEqual([
      ["appRuns", 2500, 2500, "full"],
      ["appGenerations", 1, 10, "ok"],
      ["dataProcessing", 900, 1000, "high"],
      ["builderChatMessages", 0, 50, "ok"],
      ["apps", 1, 3, "ok"],
      ["spaceApps", 1, 1, "full"],
    ]);
  });
});

describe("formatUsage", () => {
  it("uses compact numbers and the unit", () => {
    expect(formatUsage({ used: 1234, total: 2500, unit: null })).toBe("1.2K / 2.5K");
    expect(formatUsage({ used: 12, total: 500, unit: "MB" })).toBe("12 / 500 MB");
    expect(formatUsage({ used: 0, total: 1_000_000, unit: null })).toBe("0 / 1M");
  });
});

describe("usagePercent", () => {
  it("floors and caps at 100", () => {
    expect(usagePercent({ used: 1, total: 3 })).toBe(33);
    expect(usagePercent({ used: 5, total: 3 })).toBe(100);
    expect(usagePercent({ used: 0, total: 0 })).toBe(100);
  });
});
