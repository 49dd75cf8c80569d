import { describe, expect, it } from "vitest";
import { VIEW_AS_BUILDER, viewAsKey, viewAsLabel } from "./view-as.ts";

describe("view as", () => {
  it("keys each identity apart, so switching restarts the preview frame", () => {
    const ada = { kind: "user", userId: "u1", email: "ada@liftoff.test" } as const;
    const keys = [VIEW_AS_BUILDER, { kind: "anonymous" } as const, ada, { ...ada, userId: "u2" }].map(
      viewAsKey,
    );
    expect(new Set(keys).size).toBe(4);
    expect(viewAsKey({ ...ada, email: "renamed@liftoff.test" })).toBe(viewAsKey(ada));
  });
  it("labels the switch with the viewer", () => {
    expect(viewAsLabel(VIEW_AS_BUILDER)).toBe("Builder");
    expect(viewAsLabel({ kind: "anonymous" })).toBe("Anonymous visitor");
    expect(viewAsLabel({ kind: "user", userId: "u1", email: "ada@liftoff.test" })).toBe("ada@liftoff.test");
  });
});
