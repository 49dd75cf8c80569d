import { emptyCustomField, emptyTool } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { exampleRunValues, firstActiveTool, runApiCurlExample, shellQuote } from "./api-keys-model.ts";

const tool = {
  ...emptyTool({ toolId: "t-plan", path: "plan", title: "Plan" }),
  status: "active" as const,
  fields: [
    emptyCustomField({ name: "city", label: "City", type: "text" }),
    {
      ...emptyCustomField({ name: "days", label: "Days", type: "select" }),
      options: [
        { label: "3", iconUrl: "" },
        { label: "7", iconUrl: "" },
      ],
    },
    emptyCustomField({ name: "height", label: "Height", type: "height" }),
    emptyCustomField({ name: "selfie", label: "Selfie", type: "photo" }),
  ],
};

describe("runApiCurlExample", () => {
  it("runs the tool as JSON with the key and one example answer per field but photos", () => {
    const text = runApiCurlExample({
      origin: "https://liftoff.example/",
      appId: "app 1",
      tool,
      secret: "lft_abc",
    });
    expect(text).toBe(
      [
        "curl -X POST 'https://liftoff.example/api/v1/apps/app%201/tools/t-plan/runs' \\",
        "  -H 'Authorization: Bearer lft_abc' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"input":"","values":{"city":"…","days":"3","height":{"value":170,"unit":"cm"}}}'`,
      ].join("\n"),
    );
  });

  it("keeps a placeholder without a key, and quotes a builder's name that holds a quote", () => {
    const named = {
      ...tool,
      fields: [emptyCustomField({ name: "it's", label: "It", type: "text" })],
    };
    const text = runApiCurlExample({ origin: "http://localhost:3000", appId: "a", tool: named });
    expect(text).toContain("Bearer lft_YOUR_KEY");
    expect(text).toContain(`-d '{"input":"","values":{"it'\\''s":"…"}}'`);
  });
});

describe("helpers", () => {
  it("quotes any text as one shell word", () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(shellQuote("$(rm -rf /)")).toBe("'$(rm -rf /)'");
  });

  it("gives multiselect a list and weight a measure", () => {
    const values = exampleRunValues({
      fields: [
        {
          ...emptyCustomField({ name: "tags", label: "Tags", type: "multiselect" }),
          options: [{ label: "x", iconUrl: "" }],
        },
        emptyCustomField({ name: "weight", label: "Weight", type: "weight" }),
      ],
    });
    expect(values).toEqual({ tags: ["x"], weight: { value: 70, unit: "kg" } });
  });

  it("finds the first active tool", () => {
    expect(firstActiveTool([{ status: "draft" }, { status: "active" }])).toEqual({ status: "active" });
    expect(firstActiveTool([{ status: "draft" }])).toBeNull();
  });
});
