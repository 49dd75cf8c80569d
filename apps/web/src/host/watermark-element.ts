import { PLATFORM_URL_META } from "@liftoff/domain";
import watermarkCss from "./watermark.css?inline";

/** The badge's classes (watermark.css), shared by the React badge (watermark-badge.tsx) and the DOM one below. */
export const WATERMARK_CLASSES = "liftoff-watermark";
export const WATERMARK_ICON_CLASSES = "liftoff-watermark-icon";
export const WATERMARK_TEXT = "Made with Liftoff";

// lucide's "rocket" icon (ISC licence), the one the React badge shows through lucide-react.
const ROCKET_PATHS = [
  "M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5",
  "M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09",
  "M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z",
  "M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05",
];

/**
 * Adds the badge's few rules to the page once, as a `<style>`: one request less on a
 * published app's first visit than a stylesheet of its own, and nothing that blocks the
 * page's first paint.
 */
export function ensureWatermarkStyles(doc: Document = document): void {
  if (doc.getElementById("liftoff-watermark-css")) return;
  const style = doc.createElement("style");
  style.id = "liftoff-watermark-css";
  style.textContent = watermarkCss;
  doc.head.append(style);
}

/** Where the badge links: the platform's home (on a custom host, its configured URL, if any). */
export function platformRootUrl(customHost: boolean): string | null {
  if (!customHost) return "/";
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PLATFORM_URL_META}"]`)?.content;
  return meta && /^https?:\/\//.test(meta) ? meta : null;
}

/**
 * The "Made with Liftoff" badge as plain DOM, for the published app's page on its fast path
 * (start-boot-host.ts), which runs without React: the same look and markup as WatermarkBadge.
 */
export function watermarkElement(customHost: boolean): HTMLElement {
  ensureWatermarkStyles();
  const href = platformRootUrl(customHost);
  const badge = document.createElement(href ? "a" : "span");
  if (href && badge instanceof HTMLAnchorElement) {
    badge.href = href;
    badge.target = "_blank";
    badge.rel = "noopener";
  }
  badge.className = WATERMARK_CLASSES;
  badge.dataset.testid = "watermark";
  const icon = document.createElement("span");
  icon.className = WATERMARK_ICON_CLASSES;
  const svgNs = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNs, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    "aria-hidden": "true",
  }))
    svg.setAttribute(name, value);
  for (const d of ROCKET_PATHS) {
    const path = document.createElementNS(svgNs, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  icon.append(svg);
  badge.append(icon, WATERMARK_TEXT);
  return badge;
}
