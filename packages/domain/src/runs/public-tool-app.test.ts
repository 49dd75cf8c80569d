import { describe, expect, it } from "vitest";
import { emptyCustomField } from "../generated-apps/custom-field.ts";
import { newSavedApp } from "../generated-apps/new-saved-app.ts";
import type { SavedApp } from "../generated-apps/saved-app.ts";
import { emptyTool } from "../generated-apps/tool.ts";
import {
  findPublicTool,
  publicToolAppSchema,
  toolAppShowsWatermark,
  toPublicToolApp,
} from "./public-tool-app.ts";

function savedApp(): SavedApp {
  const base = newSavedApp("generated", "Trip helper");
  const active = {
    ...emptyTool({ toolId: "t1", path: "plan", title: "Plan a trip" }),
    status: "active" as const,
    gptPrompt: "SECRET PROMPT plan for [city]",
    fields: [
      { ...emptyCustomField({ name: "city", label: "City", type: "text" }), filterCondition: "hidden rule" },
    ],
    blocks: [
      { id: "b1", kind: "markdown" as const, title: "Plan", instruction: "SECRET BLOCK INSTRUCTION" },
      { id: "b2", kind: "key_facts" as const, title: "Facts", instruction: "x", validation: { minItems: 2 } },
    ],
  };
  const draft = { ...emptyTool({ toolId: "t2", path: "draft", title: "Unfinished" }) };
  return { ...base, tools: [active, draft], features: ["interactive_followups"] };
}

describe("toPublicToolApp", () => {
  const view = toPublicToolApp({
    app: { id: "a1", slug: "trip", name: "Trip", kind: "generated" },
    saved: savedApp(),
    plan: null,
  });

  it("keeps active tools only, so a draft's path finds nothing", () => {
    expect(view.tools.map((t) => t.toolId)).toEqual(["t1"]);
    expect(findPublicTool(view, "plan")?.title).toBe("Plan a trip");
    expect(findPublicTool(view, "draft")).toBeNull();
  });

  it("never carries the instructions, block instructions or filter conditions", () => {
    const text = JSON.stringify(view);
    expect(text).not.toContain("SECRET");
    expect(text).not.toContain("hidden rule");
    expect(publicToolAppSchema.parse(view)).toEqual(view);
  });

  it("says which blocks wait for a verdict and reads the features", () => {
    expect(view.tools[0]?.blocks).toEqual([
      { id: "b1", kind: "markdown", title: "Plan", validated: false },
      { id: "b2", kind: "key_facts", title: "Facts", validated: true },
    ]);
    expect(view.features).toEqual({ interactiveFollowups: true, customFields: false });
  });

  it("gives a tool without blocks the default result block", () => {
    const saved = savedApp();
    saved.tools[0] = { ...saved.tools[0]!, blocks: [] };
    const bare = toPublicToolApp({ app: { id: "a", slug: "s", name: "n", kind: "tool" }, saved, plan: null });
    expect(bare.tools[0]?.blocks).toEqual([
      { id: "result", kind: "markdown", title: "Result", validated: false },
    ]);
  });
});

describe("toolAppShowsWatermark", () => {
  it("shows on lite and explorer even when the builder asked to hide it", () => {
    expect(toolAppShowsWatermark({ plan: null, isWatermarkHidden: true })).toBe(true);
    expect(toolAppShowsWatermark({ plan: "explorer", isWatermarkHidden: true })).toBe(true);
  });
  it("is hidden by default from builder up", () => {
    expect(toolAppShowsWatermark({ plan: "builder", isWatermarkHidden: false })).toBe(false);
  });
});
