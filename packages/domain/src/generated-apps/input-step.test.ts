import { describe, expect, it } from "vitest";
import { inputStepSchema } from "./input-step.ts";

describe("input step contract", () => {
  it("is an id and a title", () => {
    expect(inputStepSchema.parse({ id: "step-1", title: "About you" })).toEqual({
      id: "step-1",
      title: "About you",
    });
  });

  it("needs an id", () => {
    const result = inputStepSchema.safeParse({ id: "", title: "x" });
    expect(result.success ? null : result.error.issues[0]!.message).toBe("Step id cannot be empty");
  });
});
