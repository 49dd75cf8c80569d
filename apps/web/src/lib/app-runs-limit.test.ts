import { describe, expect, it } from "vitest";
import { appRunsLimit } from "./app-runs-limit.ts";

const at = (appRunsUsed: number, appRunsTotal = 100) => appRunsLimit({ appRunsUsed, appRunsTotal });

describe("appRunsLimit", () => {
  it("says nothing below 80 % of the plan's runs", () => {
    expect(at(0)).toEqual({ level: "none" });
    expect(at(79)).toEqual({ level: "none" });
    expect(at(799, 1_000)).toEqual({ level: "none" });
  });

  it("is near from 80 %, with the share rounded down", () => {
    expect(at(80)).toEqual({ level: "near", percent: 80, total: 100 });
    expect(at(820, 1_000)).toEqual({ level: "near", percent: 82, total: 1_000 });
    expect(at(999, 1_000)).toEqual({ level: "near", percent: 99, total: 1_000 });
  });

  it("is reached at the limit, past it, and when the plan has no runs", () => {
    expect(at(100)).toEqual({ level: "reached", total: 100 });
    expect(at(130)).toEqual({ level: "reached", total: 100 });
    expect(at(0, 0)).toEqual({ level: "reached", total: 0 });
  });
});
