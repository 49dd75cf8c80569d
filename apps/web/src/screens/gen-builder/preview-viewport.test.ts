import { describe, expect, it } from "vitest";
import { MIN_PREVIEW_SCALE, PREVIEW_VIEWPORTS, previewFrameLayout } from "./preview-viewport.ts";

describe("preview viewports", () => {
  it("has the spec's sizes", () => {
    expect(PREVIEW_VIEWPORTS.map(({ id, width, height }) => ({ id, width, height }))).toEqual([
      { id: "desktop", width: null, height: null },
      { id: "tablet", width: 768, height: 1024 },
      { id: "mobile", width: 375, height: 667 },
    ]);
  });

  it("lets desktop fill the area", () => {
    expect(previewFrameLayout({ viewport: "desktop", availableWidth: 500 })).toBeNull();
  });

  it("keeps a frame that fits at its real size, never scaling up", () => {
    expect(previewFrameLayout({ viewport: "tablet", availableWidth: 1200 })).toEqual({
      width: 768,
      height: 1024,
      scale: 1,
      boxWidth: 768,
      boxHeight: 1024,
    });
  });

  it("shrinks the frame to the available width, never wider", () => {
    for (const availableWidth of [343, 343.5, 320, 600, 767]) {
      for (const viewport of ["tablet", "mobile"] as const) {
        const layout = previewFrameLayout({ viewport, availableWidth });
        if (!layout) throw new Error("expected a frame");
        expect(layout.boxWidth).toBeLessThanOrEqual(availableWidth);
        expect(layout.width * layout.scale).toBeLessThanOrEqual(availableWidth);
        expect(layout.boxHeight).toBeCloseTo(layout.height * layout.scale);
      }
    }
    // A 375 px phone with 16 px padding each side: the mobile frame shrinks slightly.
    expect(previewFrameLayout({ viewport: "mobile", availableWidth: 343 })?.scale).toBe(0.914);
    expect(previewFrameLayout({ viewport: "tablet", availableWidth: 384 })?.scale).toBe(0.5);
  });

  it("keeps the gutter free on both sides", () => {
    const layout = previewFrameLayout({ viewport: "mobile", availableWidth: 375, gutter: 12 });
    expect(layout?.scale).toBe(0.936);
    expect(layout?.boxWidth).toBeLessThanOrEqual(375 - 24);
    expect(previewFrameLayout({ viewport: "mobile", availableWidth: 0, gutter: 12 })?.scale).toBe(1);
  });

  it("draws at full size before the first measure and stops at the minimum scale", () => {
    expect(previewFrameLayout({ viewport: "mobile", availableWidth: 0 })?.scale).toBe(1);
    expect(previewFrameLayout({ viewport: "mobile", availableWidth: Number.NaN })?.scale).toBe(1);
    expect(previewFrameLayout({ viewport: "tablet", availableWidth: 20 })?.scale).toBe(MIN_PREVIEW_SCALE);
  });
});
