import { describe, expect, it } from "vitest";
import { toolDataItemSchema } from "./tool-data-item.ts";

describe("data item of a tool", () => {
  it("has the spec's fields", () => {
    const item = {
      contextItemId: "ctx-1",
      originalContextItemId: null,
      type: "csv",
      templateFileUrl: "https://example.com/template.csv",
      instructionsUrl: "",
    };
    expect(toolDataItemSchema.parse(item)).toEqual(item);
  });

  it("refuses a file link that is not a URL", () => {
    expect(
      toolDataItemSchema.safeParse({
        contextItemId: "c",
        originalContextItemId: null,
        type: "csv",
        templateFileUrl: "file.csv",
        instructionsUrl: "",
      }).success,
    ).toBe(false);
  });
});
