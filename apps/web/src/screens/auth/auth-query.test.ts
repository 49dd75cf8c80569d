import { describe, expect, it } from "vitest";
import { hasExplicitTarget, redirectQuery, safeContinueUrl, withOnboarding } from "./auth-query.ts";

describe("auth query helpers", () => {
  it("drops the login page's mode but keeps the rest", () => {
    expect(redirectQuery("?mode=signup&sale_id=s1&redirectTo=%2Fpricing").toString()).toBe(
      "sale_id=s1&redirectTo=%2Fpricing",
    );
  });

  it("sends a new user to onboarding only without an explicit target", () => {
    expect(withOnboarding(new URLSearchParams("sale_id=1")).get("redirectTo")).toBe("/onboarding");
    expect(withOnboarding(new URLSearchParams("claimApp=a1")).get("redirectTo")).toBeNull();
    expect(withOnboarding(new URLSearchParams("redirectTo=/pricing")).get("redirectTo")).toBe("/pricing");
    expect(hasExplicitTarget(new URLSearchParams("redirectTo="))).toBe(false);
  });

  it("follows only same-site continue URLs", () => {
    expect(safeContinueUrl("/apps/packages", "/apps")).toBe("/apps/packages");
    expect(safeContinueUrl("//evil.example", "/apps")).toBe("/apps");
    expect(safeContinueUrl("https://evil.example", "/apps")).toBe("/apps");
    expect(safeContinueUrl(null, "/apps")).toBe("/apps");
  });
});
