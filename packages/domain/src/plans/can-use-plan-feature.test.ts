import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canOpenGeneratedAppSettings,
  canPublishSpaceAppsWithoutWatermark,
  canUseCustomDomain,
  canUsePaymentSystem,
  canUsePlanFeature,
  isWatermarkHiddenByDefault,
} from "./can-use-plan-feature.ts";
import { PLAN_IDS, type PlanId } from "./plan-ids.ts";
import { PLAN_LIMITS } from "./plan-limits.ts";

const ALL: (PlanId | null)[] = [null, ...PLAN_IDS];
const allowedFor = (check: (plan: PlanId | null) => boolean) => ALL.filter((plan) => check(plan));

describe("canUseCustomDomain", () => {
  it("is true from business up (spec section 6 names business and master; the ladder keeps it above)", () => {
    expect(allowedFor(canUseCustomDomain)).toEqual(["business", "master", "moon", "spaceship", "galaxy"]);
  });
});

describe("canUsePaymentSystem", () => {
  it("is true from moon up (spec section 6 names moon and spaceship; the ladder keeps it above)", () => {
    expect(allowedFor(canUsePaymentSystem)).toEqual(["moon", "spaceship", "galaxy"]);
  });
});

describe("canPublishSpaceAppsWithoutWatermark", () => {
  it("is true from moon up (spec section 6 names moon and spaceship; the ladder keeps it above)", () => {
    expect(allowedFor(canPublishSpaceAppsWithoutWatermark)).toEqual(["moon", "spaceship", "galaxy"]);
  });
});

describe("isWatermarkHiddenByDefault", () => {
  it.each([
    [null, false],
    ["lite", false],
    ["explorer", false],
    ["builder", true],
    ["monetizer", true],
    ["business", true],
    ["master", true],
    ["moon", true],
    ["spaceship", true],
    ["galaxy", true],
  ] as const)("%s -> %s", (plan, expected) => {
    expect(isWatermarkHiddenByDefault(plan)).toBe(expected);
  });
});

describe("canUsePlanFeature", () => {
  it("reads PLAN_LIMITS for every plan and boolean feature", () => {
    const features = [
      "watermarkHiddenByDefault",
      "embedApps",
      "proTools",
      "customDomains",
      "paymentSystem",
      "watermarkFreeSpaceApps",
      "appSettingsForGeneratedApps",
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_IDS), fc.constantFrom(...features), (plan, feature) => {
        expect(canUsePlanFeature(plan, feature)).toBe(PLAN_LIMITS[plan][feature]);
      }),
    );
  });

  it("treats no plan as lite", () => {
    expect(canUsePlanFeature(null, "embedApps")).toBe(PLAN_LIMITS.lite.embedApps);
    expect(canUsePlanFeature(undefined, "proTools")).toBe(PLAN_LIMITS.lite.proTools);
  });
});

describe("canOpenGeneratedAppSettings", () => {
  it.each([
    [null, false, false],
    ["lite", false, false],
    ["explorer", false, false],
    ["business", false, false],
    ["master", false, false],
    ["moon", false, true],
    ["spaceship", false, true],
    ["galaxy", false, true],
    [null, true, true],
    ["lite", true, true],
    ["master", true, true],
    ["galaxy", true, true],
  ] as const)("plan %s, admin %s -> %s", (plan, isAdmin, expected) => {
    expect(canOpenGeneratedAppSettings({ plan, isAdmin })).toBe(expected);
  });

  it("always opens for admins", () => {
    fc.assert(
      fc.property(fc.constantFrom<PlanId | null | undefined>(...PLAN_IDS, null, undefined), (plan) =>
        canOpenGeneratedAppSettings({ plan, isAdmin: true }),
      ),
    );
  });
});
