import { VIEWPORTS, type ViewportId, viewportOf } from "../preview/viewports.ts";

/**
 * The tool page preview's viewports are the builder's (spec section 3 "Viewports for
 * preview": desktop 100% x 100%, tablet 768x1024, mobile 375x667), from one table.
 */
export const PREVIEW_VIEWPORTS = VIEWPORTS;
export type PreviewViewport = ViewportId;

/**
 * Below this the page would be unreadable; the frame then overflows its box (clipped)
 * rather than shrinking further. 0.2 keeps a tablet frame inside 154 px.
 */
export const MIN_PREVIEW_SCALE = 0.2;

/**
 * How to draw a fixed viewport: `width` x `height` is the page's own size (its layout
 * sees a 375 px wide screen on mobile), shrunk by `scale` with a CSS transform so the
 * frame fits `availableWidth`. A transform does not change layout, so the box around it
 * takes `boxWidth` x `boxHeight`, the scaled size. Only the width is fitted: the tool page
 * is read top to bottom, so the preview area scrolls down rather than shrinking a tablet
 * to a stamp. Never scaled up. Unlike the space-app preview (fitViewport), the scale is
 * rounded down so rounding can never make the frame a fraction of a pixel too wide.
 */
export type PreviewFrameLayout = {
  width: number;
  height: number;
  scale: number;
  boxWidth: number;
  boxHeight: number;
};

/** The layout of a fixed viewport, or null for desktop, which fills the preview area. */
export function previewFrameLayout(input: {
  viewport: PreviewViewport;
  /** The width the frame may take, measured by a ResizeObserver; 0 or unknown before the first measure. */
  availableWidth: number;
  /** Space kept free on each side of the frame (so its shadow shows), in CSS pixels. */
  gutter?: number;
}): PreviewFrameLayout | null {
  const { width, height } = viewportOf(input.viewport);
  if (width === null || height === null) return null;
  const measured = Number.isFinite(input.availableWidth) ? input.availableWidth : 0;
  const available = measured > 0 ? measured - 2 * (input.gutter ?? 0) : 0;
  // Before the first measure nothing is known: draw at full size (the box clips) rather than at 0.
  const fit = available > 0 ? available / width : 1;
  const scale = Math.max(MIN_PREVIEW_SCALE, Math.min(1, Math.floor(fit * 1000) / 1000));
  return { width, height, scale, boxWidth: width * scale, boxHeight: height * scale };
}
