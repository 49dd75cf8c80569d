import { describe, expect, it } from "vitest";
import {
  doneView,
  GEN_PANEL_TITLES,
  genViewFromLocation,
  genViewHref,
  viewOfEntry,
} from "./gen-builder-nav.ts";

describe("genViewFromLocation", () => {
  it("reads a generated app's panels, tools list, generator and tool editor", () => {
    expect(genViewFromLocation("generated", "", "")).toMatchObject({ panel: "main", toolId: null });
    expect(genViewFromLocation("generated", "", "?panel=branding").panel).toBe("branding");
    expect(genViewFromLocation("generated", "tools", "")).toMatchObject({
      panel: "tools",
      generateTool: false,
    });
    expect(genViewFromLocation("generated", "tools", "?generateTool=true").generateTool).toBe(true);
    expect(genViewFromLocation("generated", "tools/t%201", "")).toMatchObject({
      panel: "fields",
      toolId: "t 1",
    });
    expect(genViewFromLocation("generated", "tools/t1", "?panel=callToAction").panel).toBe("callToAction");
    expect(genViewFromLocation("generated", "tools/t1", "?section=results-layout").scrollTo).toBe(
      "results-layout",
    );
  });

  it("reads a single tool's panels and falls back to main for anything else", () => {
    expect(genViewFromLocation("tool", "", "?panel=fields&section=results-layout")).toMatchObject({
      panel: "fields",
      scrollTo: "results-layout",
    });
    for (const [kind, rest, search] of [
      ["tool", "", "?panel=tools"],
      ["tool", "tools", ""],
      ["generated", "", "?panel=fields"],
      ["generated", "tools/a/b", ""],
      ["generated", "elsewhere", ""],
      ["tool", "", "?panel=__proto__"],
    ] as const)
      expect(genViewFromLocation(kind, rest, search).panel).toBe("main");
  });
});

describe("genViewHref", () => {
  it("writes every view back as the address it was read from", () => {
    const cases = [
      { kind: "generated", view: { panel: "main" } },
      { kind: "generated", view: { panel: "texts" } },
      { kind: "generated", view: { panel: "tools" } },
      { kind: "generated", view: { panel: "tools", generateTool: true } },
      { kind: "generated", view: { panel: "fields", toolId: "abc" } },
      { kind: "generated", view: { panel: "customDataSource", toolId: "abc" } },
      { kind: "generated", view: { panel: "fields", toolId: "abc", scrollTo: "results-layout" } },
      { kind: "tool", view: { panel: "callToAction" } },
      { kind: "generated", view: { panel: "runs" } },
      { kind: "tool", view: { panel: "runs" } },
    ] as const;
    for (const { kind, view } of cases) {
      const href = genViewHref("app 1", view);
      const url = new URL(href, "http://x");
      const rest = url.pathname.replace("/build/app/app%201", "").replace(/^\//, "");
      expect(genViewFromLocation(kind, rest, url.search)).toMatchObject(view);
    }
    expect(genViewHref("a", { panel: "tools" })).toBe("/build/app/a/tools");
    expect(genViewHref("a", { panel: "main" })).toBe("/build/app/a");
    expect(genViewHref("a", { panel: "runs" })).toBe("/build/app/a?panel=runs");
  });
});

describe("entries and Done", () => {
  it("opens the layout editor inside the fields panel and data sources as its own panel", () => {
    expect(viewOfEntry("resultsLayout", "t")).toEqual({
      panel: "fields",
      toolId: "t",
      scrollTo: "results-layout",
    });
    expect(viewOfEntry("dataSources")).toEqual({ panel: "customDataSource", toolId: null });
    expect(viewOfEntry("tools")).toEqual({ panel: "tools" });
  });

  it("opens the run history of generated apps and single tools at ?panel=runs", () => {
    expect(viewOfEntry("runs")).toEqual({ panel: "runs" });
    expect(genViewFromLocation("generated", "", "?panel=runs").panel).toBe("runs");
    expect(genViewFromLocation("tool", "", "?panel=runs").panel).toBe("runs");
    expect(GEN_PANEL_TITLES.runs).toBe("Run history");
    expect(doneView(genViewFromLocation("tool", "", "?panel=runs"))).toEqual({ panel: "main" });
  });

  it("goes back to the tools list from a tool, and to the main path from everything else", () => {
    expect(doneView({ panel: "fields", toolId: "t", generateTool: false, scrollTo: null })).toEqual({
      panel: "tools",
    });
    expect(doneView({ panel: "tools", toolId: null, generateTool: false, scrollTo: null })).toEqual({
      panel: "main",
    });
    expect(
      genViewHref("a", doneView({ panel: "tools", toolId: null, generateTool: false, scrollTo: null })),
    ).toBe("/build/app/a");
  });
});
