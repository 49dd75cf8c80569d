import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLiveToolLimitReached, liveToolLimitMessage } from "./live-tool-limit-message.ts";
import { PLAN_IDS } from "./plan-ids.ts";
import { PLAN_LIMITS } from "./plan-limits.ts";

describe("liveToolLimitMessage", () => {
  it("spells the spec's message exactly", () => {
    expect(liveToolLimitMessage(3)).toBe(
      "Your plan includes 3 live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan",
    );
  });

  it.each([0, 1, 5, 100])("puts %i in the message", (n) => {
    expect(liveToolLimitMessage(n)).toBe(
      `Your plan includes ${n} live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan`,
    );
  });
});

describe("isLiveToolLimitReached", () => {
  it.each([
    ["lite", 0, false, false],
    ["lite", 1, false, true],
    ["lite", 1, true, false],
    ["lite", 5, true, false],
    ["explorer", 2, false, false],
    ["explorer", 3, false, true],
    [null, 1, false, true],
    [undefined, 0, false, false],
  ] as const)(
    "plan %s with %i active (tool active: %s) -> %s",
    (plan, activeToolCount, toolIsActive, expected) => {
      expect(isLiveToolLimitReached({ plan, activeToolCount, toolIsActive })).toBe(expected);
    },
  );

  it("blocks exactly from the plan's limit on, for a tool that is not active yet", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_IDS), fc.nat(200), (plan, activeToolCount) => {
        expect(isLiveToolLimitReached({ plan, activeToolCount, toolIsActive: false })).toBe(
          activeToolCount >= PLAN_LIMITS[plan].liveToolsPerApp,
        );
      }),
    );
  });

  it("never blocks a tool that is already active", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_IDS), fc.nat(200), (plan, activeToolCount) => {
        expect(isLiveToolLimitReached({ plan, activeToolCount, toolIsActive: true })).toBe(false);
      }),
    );
  });
});
