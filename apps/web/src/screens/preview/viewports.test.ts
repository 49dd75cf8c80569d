import { describe, expect, it } from "vitest";
import { fitViewport, VIEWPORTS, viewportOf } from "./viewports.ts";

describe("viewports", () => {
  it("has the spec sizes: desktop fills, tablet 768x1024, mobile 375x667", () => {
    expect(VIEWPORTS.map((v) => [v.id, v.width, v.height])).toEqual([
      ["desktop", null, null],
      ["tablet", 768, 1024],
      ["mobile", 375, 667],
    ]);
  });

  it("fills the pane on desktop", () => {
    expect(fitViewport(viewportOf("desktop"), { width: 900, height: 600 })).toEqual({
      width: 900,
      height: 600,
      scale: 1,
    });
  });

  it("keeps a fixed viewport's size and scales it down to fit, never up", () => {
    expect(fitViewport(viewportOf("mobile"), { width: 1200, height: 900 })).toEqual({
      width: 375,
      height: 667,
      scale: 1,
    });
    const tablet = fitViewport(viewportOf("tablet"), { width: 800, height: 512 });
    expect(tablet).toMatchObject({ width: 768, height: 1024, scale: 0.5 });
    const narrow = fitViewport(viewportOf("tablet"), { width: 384, height: 2000 });
    expect(narrow.scale).toBe(0.5);
  });

  it("does not divide by zero before the pane is measured", () => {
    expect(fitViewport(viewportOf("tablet"), { width: 0, height: 0 }).scale).toBe(1);
  });
});
