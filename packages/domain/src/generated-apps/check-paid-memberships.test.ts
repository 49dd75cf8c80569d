import { describe, expect, it } from "vitest";
import { checkPaidMemberships } from "./check-paid-memberships.ts";

describe("checkPaidMemberships", () => {
  it("needs the payment system plan, with its upgrade reason", () => {
    expect(checkPaidMemberships({ plan: "master", isSignupEnabled: true, hasCustomDomain: true })).toEqual({
      ok: false,
      message: "Upgrade your plan to offer paid memberships",
      upgradeReason: "payment_system",
    });
  });

  it("needs sign-up on and a custom domain (spec section 5)", () => {
    expect(checkPaidMemberships({ plan: "moon", isSignupEnabled: false })).toEqual({
      ok: false,
      message: "Paid memberships need user sign-up to be turned on",
    });
    expect(checkPaidMemberships({ plan: "moon", isSignupEnabled: true, hasCustomDomain: false })).toEqual({
      ok: false,
      message: "Paid memberships need a custom domain",
    });
    expect(checkPaidMemberships({ plan: "spaceship", isSignupEnabled: true, hasCustomDomain: true })).toEqual(
      { ok: true },
    );
    expect(checkPaidMemberships({ plan: "galaxy", isSignupEnabled: true })).toEqual({ ok: true });
  });
});
