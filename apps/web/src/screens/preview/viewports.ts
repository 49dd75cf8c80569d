/** Preview viewports (spec section 3): desktop fills the pane, tablet and mobile are fixed. */
export type ViewportId = "desktop" | "tablet" | "mobile";

export type Viewport = { id: ViewportId; label: string; width: number | null; height: number | null };

export const VIEWPORTS: readonly Viewport[] = [
  { id: "desktop", label: "Desktop", width: null, height: null },
  { id: "tablet", label: "Tablet", width: 768, height: 1024 },
  { id: "mobile", label: "Mobile", width: 375, height: 667 },
];

export function viewportOf(id: ViewportId): Viewport {
  return VIEWPORTS.find((viewport) => viewport.id === id) ?? (VIEWPORTS[0] as Viewport);
}

export type FrameBox = { width: number; height: number; scale: number };

/**
 * The frame's own size and the scale that fits it into the available area. A fixed
 * viewport keeps its CSS size (so the app's breakpoints see 768 or 375 px) and is scaled
 * down, never up, when the pane is smaller; desktop simply fills the pane.
 */
export function fitViewport(viewport: Viewport, available: { width: number; height: number }): FrameBox {
  const areaWidth = Math.max(0, available.width);
  const areaHeight = Math.max(0, available.height);
  if (viewport.width === null || viewport.height === null) {
    return { width: areaWidth, height: areaHeight, scale: 1 };
  }
  if (areaWidth === 0 || areaHeight === 0)
    return { width: viewport.width, height: viewport.height, scale: 1 };
  const scale = Math.min(1, areaWidth / viewport.width, areaHeight / viewport.height);
  return { width: viewport.width, height: viewport.height, scale: Math.round(scale * 1000) / 1000 };
}
