import { describe, expect, it } from "vitest";
import { toolSchema } from "./tool.ts";
import { TOOL_CONTENT_KEYS, upgradeTool } from "./upgrade-tool.ts";

const upgrade = (raw: unknown, inherited: Record<string, unknown> = {}) =>
  upgradeTool(raw, { index: 0, inherited, defaultCreditsPerRun: 2 });

describe("upgradeTool", () => {
  it("takes content it lacks from what the old document kept outside it; its own keys win", () => {
    const tool = upgrade(
      { title: "Own", gptPrompt: "Own prompt" },
      { gptPrompt: "Top", welcomeMessage: "Hello", header: "Top header" },
    );
    expect(tool).toMatchObject({ title: "Own", gptPrompt: "Own prompt", welcomeMessage: "Hello" });
  });

  it("takes its title from the old header", () => {
    expect(upgrade({}, { header: "Inherited" }).title).toBe("Inherited");
    expect(upgrade({ header: "Own header" }).title).toBe("Own header");
  });

  it("derives a path from the title and cuts it to the cap", () => {
    expect(upgrade({ title: "Blog ideas" }).path).toBe("Blog-ideas");
    expect(upgrade({ path: "x".repeat(80) }).path).toHaveLength(60);
    expect(upgrade({}).path).toBe("tool");
  });

  it("reads only 'active' as active (spec section 4)", () => {
    expect(upgrade({ status: "active" }).status).toBe("active");
    for (const status of ["live", "ACTIVE", true, undefined])
      expect(upgrade({ status }).status).toBe("draft");
  });

  it("uses the settings' credits per run when the tool has none, and clamps its own", () => {
    expect(upgrade({}).creditsPerRun).toBe(2);
    expect(upgrade({ creditsPerRun: 99 }).creditsPerRun).toBe(20);
  });

  it("dedupes step and block ids and drops data items without an id", () => {
    const tool = upgrade({
      inputSteps: [{ id: "s" }, { id: "s" }],
      blocks: [{ id: "b" }, { id: "b" }],
      dataItems: [{ contextItemId: "c1", type: "csv" }, { type: "pdf" }],
    });
    expect(tool.inputSteps.map((step) => step.id)).toEqual(["s", "s-2"]);
    expect(tool.blocks.map((block) => block.id)).toEqual(["b", "b-2"]);
    expect(tool.dataItems).toEqual([
      {
        contextItemId: "c1",
        originalContextItemId: null,
        type: "csv",
        templateFileUrl: "",
        instructionsUrl: "",
      },
    ]);
  });

  it("rewrites the tags of renamed fields, whatever their case", () => {
    const tool = upgrade({
      gptPrompt: "Go to [Home Town] from [home town].",
      fields: [{ name: "home town" }],
    });
    expect(tool.gptPrompt).toBe("Go to [home_town] from [home_town].");
  });

  it("lists the content keys v4 moved into tools", () => {
    expect(TOOL_CONTENT_KEYS).toContain("gptPrompt");
    expect(TOOL_CONTENT_KEYS).toContain("fields");
    expect(TOOL_CONTENT_KEYS).toContain("blocks");
  });

  it("always returns a tool the contract accepts", () => {
    for (const raw of [null, [], { fields: "x", blocks: 3, examples: [1, {}, { text: "t" }] }])
      expect(toolSchema.safeParse(upgrade(raw)).success).toBe(true);
  });
});
