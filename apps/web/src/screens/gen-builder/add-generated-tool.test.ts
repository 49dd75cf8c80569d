import { emptyTool, planLimits } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { addGeneratedTool } from "./add-generated-tool.ts";

describe("addGeneratedTool", () => {
  const existing = [emptyTool({ toolId: "t1", path: "summary", title: "Summary" })];

  it("adds the tool as a draft with a free path and id", () => {
    const generated = {
      ...emptyTool({ toolId: "t1", path: "summary", title: "Sum up" }),
      status: "active" as const,
    };
    const change = addGeneratedTool(existing, generated, null);
    expect(change.ok).toBe(true);
    if (!change.ok) return;
    const added = change.tools[1]!;
    expect(added).toMatchObject({ title: "Sum up", status: "draft", path: "summary-2" });
    expect(added.toolId).not.toBe("t1");
  });

  it("keeps to the plan's tools-per-app limit", () => {
    const max = planLimits(null).maxToolsPerApp;
    const full = Array.from({ length: max }, (_, i) => emptyTool({ toolId: `t${i}`, path: `p${i}` }));
    const change = addGeneratedTool(full, emptyTool({ toolId: "new", path: "new" }), null);
    expect(change.ok).toBe(false);
  });
});
