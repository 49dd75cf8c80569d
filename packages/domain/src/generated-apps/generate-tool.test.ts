import { describe, expect, it } from "vitest";
import {
  GENERATE_TOOL_DESCRIPTION_MAX,
  generateToolBodySchema,
  generateToolResponseSchema,
  TOOL_GENERATIONS_LIMIT_MESSAGE,
} from "./generate-tool.ts";
import { emptyTool } from "./tool.ts";

describe("generateToolBodySchema", () => {
  it("takes one trimmed sentence of up to 1,000 characters", () => {
    expect(generateToolBodySchema.parse({ description: " A trip planner " })).toEqual({
      description: "A trip planner",
    });
    expect(generateToolBodySchema.safeParse({ description: "  " }).success).toBe(false);
    expect(
      generateToolBodySchema.safeParse({ description: "x".repeat(GENERATE_TOOL_DESCRIPTION_MAX + 1) })
        .success,
    ).toBe(false);
    expect(generateToolBodySchema.safeParse({}).success).toBe(false);
  });
});

describe("generateToolResponseSchema", () => {
  it("answers a tool of the saved-app contract", () => {
    const tool = emptyTool({ toolId: "tool-1", path: "trip", title: "Trip" });
    expect(generateToolResponseSchema.parse({ tool })).toEqual({ tool });
    expect(generateToolResponseSchema.safeParse({ tool: { ...tool, path: "a b" } }).success).toBe(false);
  });

  it("has a limit message that asks for an upgrade", () => {
    expect(TOOL_GENERATIONS_LIMIT_MESSAGE).toMatch(/Upgrade your plan/);
  });
});
