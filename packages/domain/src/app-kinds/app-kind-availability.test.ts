import { describe, expect, it } from "vitest";
import { APP_KINDS } from "../contracts/apps.ts";
import { initialAppKind } from "./app-kind-availability.ts";

describe("initialAppKind", () => {
  it("starts on the onboarding answer, whichever kind it is", () => {
    for (const kind of APP_KINDS) expect(initialAppKind(kind)).toBe(kind);
  });

  it("falls back to a space app for an unknown or missing answer", () => {
    for (const answer of ["website", "", "Generated", null, undefined])
      expect(initialAppKind(answer)).toBe("space");
  });
});
