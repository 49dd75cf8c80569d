import type { Frame, Page } from "playwright-core";

export type FocusIndicator = {
  /** What has focus: tag, name and test id, for messages. */
  element: string;
  kind: "outline" | "box-shadow" | "none";
  /** The indicator's thickness in CSS pixels. */
  width: number;
  /** The indicator's colour against the colours next to it (WCAG 1.4.11), the lower of the two sides. */
  contrast: number;
};

/**
 * Reads the focus indicator of the focused element from its computed style: an outline, or
 * a box-shadow ring (spread without blur). Colours of any syntax (oklch, color-mix, rgb) are
 * turned into sRGB by painting them on a canvas; translucent ones are composited over the
 * background behind the element, found by walking up the ancestors until an opaque one.
 * The colours next to the indicator are that background (outline drawn outside, with an
 * offset), the element's own background (a ring or an inset outline touches the element),
 * or both. A plain string, so the test's transpiler adds nothing to what runs in the page.
 */
const READ_FOCUS_INDICATOR = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const rgba = (colour) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgba(0,0,0,0)";
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const backgroundBehind = (start) => {
    const layers = [];
    for (let node = start; node && node.nodeType === 1; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const name = (el.getAttribute("aria-label") || el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
  const testId = el.getAttribute("data-testid");
  const element = el.tagName.toLowerCase() + (testId ? "[" + testId + "]" : "") + (name ? ' "' + name + '"' : "");
  const indicatorOf = (node) => {
    const style = getComputedStyle(node);
    const outside = backgroundBehind(node.parentElement);
    const inside = over(rgba(style.backgroundColor), outside);
    const outlineWidth = parseFloat(style.outlineWidth) || 0;
    if (style.outlineStyle !== "none" && outlineWidth > 0) {
      const colour = rgba(style.outlineColor);
      const offset = parseFloat(style.outlineOffset) || 0;
      // Drawn apart from the element: the background on both sides; inset: the element's own
      // background on both sides; touching its edge: one of each.
      const sides = offset > 0 ? [outside] : offset <= -outlineWidth ? [inside] : [outside, inside];
      const contrast = Math.min(...sides.map((side) => ratio(over(colour, side), side)));
      return { element, kind: "outline", width: outlineWidth, contrast };
    }
    // "color x y blur spread [inset]" per shadow; commas inside colour functions are not separators.
    // Rings are the outer shadows without offset or blur, stacked by spread (a ring offset is a
    // smaller ring in the background colour under the visible one).
    const rings = [];
    for (const shadow of style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\\))/)) {
      const colourMatch = shadow.trim().match(/^([a-z-]+\\([^)]*\\)|#[0-9a-f]+|[a-z]+)/i);
      if (!colourMatch || shadow.includes("inset")) continue;
      const numbers = shadow.replace(colourMatch[0], "").match(/-?[\\d.]+px/g)?.map(parseFloat) ?? [];
      const [x = 0, y = 0, blur = 0, spread = 0] = numbers;
      const colour = rgba(colourMatch[0]);
      if (spread >= 1 && blur === 0 && x === 0 && y === 0 && colour[3] > 0) rings.push({ spread, colour });
    }
    rings.sort((a, b) => b.spread - a.spread);
    if (rings.length > 0) {
      const ring = over(rings[0].colour, outside);
      const under = rings[1] ? over(rings[1].colour, inside) : inside;
      const contrast = Math.min(ratio(ring, outside), ratio(ring, under));
      return { element, kind: "box-shadow", width: rings[0].spread - (rings[1]?.spread ?? 0), contrast };
    }
    return null;
  };
  const own = indicatorOf(el);
  if (own) return own;
  // An element that delegates its ring (the kit's focus-ring-delegated: the chat composer's
  // textarea) shows focus on a wrapper: the nearest ancestor that draws one counts.
  if (getComputedStyle(el).getPropertyValue("--focus-ring-width").trim() === "0px")
    for (let node = el.parentElement, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      const drawn = indicatorOf(node);
      if (drawn) return drawn;
    }
  return { element, kind: "none", width: 0, contrast: 1 };
})()`;

/**
 * The focus indicator of the focused element of a page (or of a frame, see focusedFrame), or
 * null when nothing (the body) has focus.
 */
export function focusIndicator(page: Page | Frame): Promise<FocusIndicator | null> {
  return page.evaluate(READ_FOCUS_INDICATOR);
}

/**
 * The frame whose document holds keyboard focus: the page's own, or the frame (an app's
 * sandboxed one too) that focus went into. Every document on the way down to it has focus
 * with an iframe as its active element; the one holding focus has something else.
 */
export async function focusedFrame(page: Page): Promise<Frame> {
  for (const frame of page.frames()) {
    const holds = await frame
      .evaluate(`document.hasFocus() && !(document.activeElement instanceof HTMLIFrameElement)`)
      .catch(() => false);
    if (holds && frame !== page.mainFrame()) return frame;
  }
  return page.mainFrame();
}

/** A short description of the focused element, to tell one focus stop from the next. */
export function focusedElementKey(page: Page | Frame): Promise<string | null> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const path = [];
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      path.unshift(node.tagName + ":" + Array.prototype.indexOf.call(node.parentElement?.children ?? [], node));
    }
    return path.join("/");
  })()`);
}
