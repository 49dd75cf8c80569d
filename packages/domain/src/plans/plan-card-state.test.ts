import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PLAN_CARD_STATE_LABELS,
  PLAN_CARD_STATES,
  planCardButtonLabel,
  planCardState,
} from "./plan-card-state.ts";
import { PLAN_CARDS } from "./plan-cards.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";

const card = (id: PlanId) => ({ id });

describe("planCardState", () => {
  it.each<[PlanId, PlanId | null, boolean, boolean, string]>([
    // not signed in
    ["builder", null, false, false, "none"],
    ["lite", null, false, false, "none"],
    ["galaxy", "galaxy", false, false, "none"],
    // lite disabled: the Discover card, signed in or not
    ["lite", null, false, true, "disabled"],
    ["lite", null, true, true, "disabled"],
    ["lite", "lite", true, true, "disabled"],
    ["lite", "builder", true, true, "disabled"],
    // lite disabled changes no other card
    ["explorer", null, true, true, "upgrade"],
    ["builder", "builder", true, true, "selected"],
    ["builder", null, false, true, "none"],
    // signed in
    ["lite", null, true, false, "selected"],
    ["lite", "lite", true, false, "selected"],
    ["explorer", null, true, false, "upgrade"],
    ["builder", "builder", true, false, "selected"],
    ["monetizer", "builder", true, false, "upgrade"],
    ["explorer", "builder", true, false, "downgrade"],
    ["lite", "builder", true, false, "downgrade"],
    ["galaxy", "spaceship", true, false, "upgrade"],
    ["lite", "galaxy", true, false, "downgrade"],
  ])(
    "card %s, plan %s, signed in %s, lite disabled %s -> %s",
    (id, currentPlan, signedIn, liteDisabled, expected) => {
      expect(planCardState({ card: card(id), currentPlan, signedIn, liteDisabled })).toBe(expected);
    },
  );

  it("marks exactly one card selected for a signed-in account while lite is enabled", () => {
    fc.assert(
      fc.property(fc.constantFrom<PlanId | null>(...PLAN_IDS, null), (currentPlan) => {
        const states = PLAN_CARDS.map((c) =>
          planCardState({ card: c, currentPlan, signedIn: true, liteDisabled: false }),
        );
        expect(states.filter((state) => state === "selected")).toHaveLength(1);
      }),
    );
  });

  it("puts downgrades below the selected card and upgrades above it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_IDS), (currentPlan) => {
        const states = PLAN_CARDS.map((c) =>
          planCardState({ card: c, currentPlan, signedIn: true, liteDisabled: false }),
        );
        const selected = PLAN_IDS.indexOf(currentPlan);
        states.forEach((state, index) => {
          expect(state).toBe(index < selected ? "downgrade" : index > selected ? "upgrade" : "selected");
        });
      }),
    );
  });

  it("is 'none' on every card but the disabled one when not signed in", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PlanId | null>(...PLAN_IDS, null),
        fc.boolean(),
        (currentPlan, liteDisabled) => {
          for (const c of PLAN_CARDS) {
            const state = planCardState({ card: c, currentPlan, signedIn: false, liteDisabled });
            expect(state).toBe(c.id === "lite" && liteDisabled ? "disabled" : "none");
          }
        },
      ),
    );
  });

  it("only ever returns a known state", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAN_IDS),
        fc.constantFrom<PlanId | null | undefined>(...PLAN_IDS, null, undefined),
        fc.boolean(),
        fc.boolean(),
        (id, currentPlan, signedIn, liteDisabled) => {
          expect(PLAN_CARD_STATES).toContain(
            planCardState({ card: card(id), currentPlan, signedIn, liteDisabled }),
          );
        },
      ),
    );
  });
});

describe("PLAN_CARD_STATE_LABELS", () => {
  it("labels the selected card 'Current plan' (spec section 4)", () => {
    expect(PLAN_CARD_STATE_LABELS.selected).toBe("Current plan");
  });

  it("labels every state except 'none'", () => {
    expect(Object.keys(PLAN_CARD_STATE_LABELS).sort()).toEqual(
      PLAN_CARD_STATES.filter((s) => s !== "none").sort(),
    );
  });
});

describe("planCardButtonLabel", () => {
  const builder = PLAN_CARDS[2]!;

  it("uses the card's own text when the state is none", () => {
    expect(planCardButtonLabel(builder, "none")).toBe("Choose Builder");
  });

  it.each([
    ["selected", "Current plan"],
    ["upgrade", "Upgrade to Builder"],
    ["downgrade", "Downgrade to Builder"],
    ["disabled", "Not available"],
  ] as const)("uses the state label for %s", (state, expected) => {
    expect(planCardButtonLabel(builder, state)).toBe(expected);
  });
});
