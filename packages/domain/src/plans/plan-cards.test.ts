import { describe, expect, it } from "vitest";
import { showYearlySavingsBadge } from "../pricing/yearly-savings-percent.ts";
import { isSafeRedirect } from "../routing/is-safe-redirect.ts";
import { planCardSchema } from "./plan-card.ts";
import { DISCOVER_PLAN_CARD_NAME, FREE_PLAN_CARD_NAME, PLAN_CARDS, planCardsFor } from "./plan-cards.ts";
import { PLAN_IDS } from "./plan-ids.ts";
import { PLAN_LIMITS } from "./plan-limits.ts";

describe("PLAN_CARDS", () => {
  it("has one card per plan, lowest first", () => {
    expect(PLAN_CARDS.map((card) => card.id)).toEqual([...PLAN_IDS]);
  });

  it.each(PLAN_CARDS.map((card) => [card.id, card] as const))("%s passes planCardSchema", (_id, card) => {
    expect(planCardSchema.safeParse(card).success).toBe(true);
  });

  it("marks exactly one card as most popular", () => {
    expect(PLAN_CARDS.filter((card) => card.isMostPopular).map((card) => card.id)).toEqual(["builder"]);
  });

  it("names the lite card Free and gives it no price", () => {
    const lite = PLAN_CARDS[0]!;
    expect(lite.name).toBe("Free");
    expect(FREE_PLAN_CARD_NAME).toBe("Free");
    expect(lite.price).toBe(0);
    expect(lite.priceYearly).toBe(0);
  });

  it("promises on the free card only what lite's limits give", () => {
    expect(PLAN_CARDS[0]!.description).toContain("one generated app, one space app and one data source");
    expect(PLAN_LIMITS.lite.maxGenApps).toBe(1);
    expect(PLAN_LIMITS.lite.maxSpaceApps).toBe(1);
    expect(PLAN_LIMITS.lite.maxContextItems).toBe(1);
  });

  it("has unique names", () => {
    expect(new Set(PLAN_CARDS.map((card) => card.name)).size).toBe(PLAN_CARDS.length);
  });

  it("prices strictly grow up the ladder, monthly and yearly", () => {
    for (let i = 1; i < PLAN_CARDS.length; i++) {
      expect(PLAN_CARDS[i]!.price).toBeGreaterThan(PLAN_CARDS[i - 1]!.price);
      expect(PLAN_CARDS[i]!.priceYearly!).toBeGreaterThan(PLAN_CARDS[i - 1]!.priceYearly!);
    }
  });

  it("offers every paid plan yearly with the savings badge", () => {
    for (const card of PLAN_CARDS.slice(1)) {
      expect(card.oneTimePayment).toBe(false);
      expect(showYearlySavingsBadge(card.price, card.priceYearly!)).toBe(true);
    }
  });

  it("shows no badge on the free card", () => {
    expect(showYearlySavingsBadge(PLAN_CARDS[0]!.price, PLAN_CARDS[0]!.priceYearly!)).toBe(false);
  });

  it("links every card to /joinPlan for its own plan, a safe same-site path", () => {
    for (const card of PLAN_CARDS) {
      expect(card.link).toBe(`/joinPlan?plan=${card.id}`);
      expect(isSafeRedirect(card.link)).toBe(true);
    }
  });

  it("is frozen, list and cards", () => {
    expect(Object.isFrozen(PLAN_CARDS)).toBe(true);
    for (const card of PLAN_CARDS) expect(Object.isFrozen(card)).toBe(true);
  });
});

describe("planCardsFor", () => {
  it("returns the catalogue unchanged when lite is enabled", () => {
    expect(planCardsFor({ liteDisabled: false })).toEqual(PLAN_CARDS);
  });

  it("renames the lite card Discover when lite is disabled, and nothing else", () => {
    const cards = planCardsFor({ liteDisabled: true });
    expect(DISCOVER_PLAN_CARD_NAME).toBe("Discover");
    expect(cards[0]).toEqual({ ...PLAN_CARDS[0], name: "Discover" });
    expect(cards.slice(1)).toEqual(PLAN_CARDS.slice(1));
  });

  it("never renames the shared catalogue", () => {
    planCardsFor({ liteDisabled: true });
    expect(PLAN_CARDS[0]!.name).toBe("Free");
  });

  it("returns copies the caller may change", () => {
    const cards = planCardsFor({ liteDisabled: false });
    cards[1]!.name = "Changed";
    expect(PLAN_CARDS[1]!.name).toBe("Explorer");
    expect(planCardsFor({ liteDisabled: false })[1]!.name).toBe("Explorer");
  });
});
