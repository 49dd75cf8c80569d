import { describe, expect, it } from "vitest";
import { APP_KINDS } from "../contracts/apps.ts";
import {
  AVAILABLE_APP_KINDS,
  appKindComingSoonMessage,
  initialAppKind,
  isAppKindAvailable,
} from "./app-kind-availability.ts";

describe("app kinds that can be created", () => {
  it("are space apps only, until generated apps and single tools are built", () => {
    expect(APP_KINDS.filter(isAppKindAvailable)).toEqual(["space"]);
    expect(AVAILABLE_APP_KINDS).toEqual(["space"]);
  });

  it("names the kind in its refusal", () => {
    expect(appKindComingSoonMessage("generated")).toBe(
      "Generated apps are coming soon. Create a space app for now.",
    );
    expect(appKindComingSoonMessage("tool")).toBe(
      "Single tools are coming soon. Create a space app for now.",
    );
  });

  it("starts the New app dialog on the onboarding answer when it can be created", () => {
    expect(initialAppKind("space")).toBe("space");
  });

  it("falls back to a kind that can be created for a coming-soon, unknown or missing answer", () => {
    for (const answer of ["generated", "tool", "website", "", null, undefined])
      expect(initialAppKind(answer)).toBe("space");
  });
});
