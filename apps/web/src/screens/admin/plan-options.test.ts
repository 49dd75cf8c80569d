import { PLAN_IDS } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { ADMIN_PLAN_OPTIONS, planFromOption } from "./plan-options.ts";

describe("admin plan options", () => {
  it("starts with 'No plan' and lists every plan in ladder order", () => {
    expect(ADMIN_PLAN_OPTIONS[0]).toEqual({ value: "", label: "No plan (free)" });
    expect(ADMIN_PLAN_OPTIONS.slice(1).map((o) => o.value)).toEqual([...PLAN_IDS]);
    expect(ADMIN_PLAN_OPTIONS.find((o) => o.value === "moon")?.label).toBe("Moon");
  });

  it("maps the empty option to null and plan ids to themselves", () => {
    expect(planFromOption("")).toBeNull();
    expect(planFromOption("galaxy")).toBe("galaxy");
    expect(planFromOption("nonsense")).toBeNull();
  });
});
