import { type AppStyle, isHexColor, isHttpUrl, type StyleName } from "@liftoff/domain";

/** The colours the tool page preview paints with. */
export type PreviewColors = {
  background: string;
  /** The card the form sits on. */
  surface: string;
  surfaceBorder: string;
  headerText: string;
  subheaderText: string;
  labelText: string;
  inputBackground: string;
  inputBorder: string;
  inputText: string;
  buttonText: string;
  buttonBackground: string;
};

/**
 * Each style's own colours: what an empty ("") colour of the branding means. Ours: the spec
 * names the three styles without their palettes; the published tool page (issue part 2)
 * should read the same table so the preview is what end users get.
 */
export const STYLE_COLORS: Readonly<Record<StyleName, Readonly<PreviewColors>>> = {
  dark: {
    background: "#0f172a",
    surface: "#1e293b",
    surfaceBorder: "#334155",
    headerText: "#f8fafc",
    subheaderText: "#cbd5e1",
    labelText: "#e2e8f0",
    inputBackground: "#0f172a",
    inputBorder: "#475569",
    inputText: "#94a3b8",
    buttonText: "#ffffff",
    // indigo-600: white text on it passes WCAG AA (6.3:1); indigo-500 fell just short (4.46).
    buttonBackground: "#4f46e5",
  },
  colorful: {
    background: "#f5f3ff",
    surface: "#ffffff",
    surfaceBorder: "#ddd6fe",
    headerText: "#4c1d95",
    subheaderText: "#6d28d9",
    labelText: "#3b0764",
    inputBackground: "#faf5ff",
    inputBorder: "#c4b5fd",
    inputText: "#7c3aed",
    buttonText: "#ffffff",
    buttonBackground: "#db2777",
  },
  light: {
    background: "#f8fafc",
    surface: "#ffffff",
    surfaceBorder: "#e2e8f0",
    headerText: "#0f172a",
    subheaderText: "#475569",
    labelText: "#1e293b",
    inputBackground: "#ffffff",
    inputBorder: "#cbd5e1",
    inputText: "#64748b",
    buttonText: "#ffffff",
    buttonBackground: "#0f172a",
  },
};

/** The style's colour fields the builder may override, with the preview colour each one replaces. */
export const STYLE_COLOR_FIELDS = [
  { field: "background", color: "background", label: "Background colour" },
  { field: "headerTextColor", color: "headerText", label: "Header text colour" },
  { field: "subheaderTextColor", color: "subheaderText", label: "Subheader text colour" },
  { field: "buttonTextColor", color: "buttonText", label: "Button text colour" },
  { field: "buttonBackgroundColor", color: "buttonBackground", label: "Button background colour" },
] as const satisfies readonly { field: keyof AppStyle; color: keyof PreviewColors; label: string }[];

export type StyleColorField = (typeof STYLE_COLOR_FIELDS)[number]["field"];

/** What the preview draws: the style's colours with the builder's overrides, and safe image URLs. */
export type PreviewTheme = PreviewColors & {
  /** An http(s) URL or null: anything else (javascript:, data:, a bad value) is never drawn. */
  backgroundImage: string | null;
  logoUrl: string | null;
};

/** An override colour if it is a hex colour; "" or anything unreadable keeps the style's own. */
function pick(override: string, own: string): string {
  return isHexColor(override) ? override : own;
}

/** An image the preview may load: http(s) only, so a stored value can never run or inline script. */
export function previewImageUrl(value: string): string | null {
  return value !== "" && isHttpUrl(value) ? value : null;
}

/** The resolved look of the tool page for `style` (spec section 3 "Style"). */
export function resolvePreviewTheme(style: AppStyle): PreviewTheme {
  const own = STYLE_COLORS[style.styleName] ?? STYLE_COLORS.light;
  const colors: PreviewColors = { ...own };
  for (const { field, color } of STYLE_COLOR_FIELDS) colors[color] = pick(style[field], own[color]);
  return {
    ...colors,
    backgroundImage: previewImageUrl(style.backgroundImage),
    logoUrl: previewImageUrl(style.logoUrl),
  };
}

/** The colour a style field shows: its override, or the style's own when "" (or unreadable). */
export function effectiveStyleColor(style: AppStyle, field: StyleColorField): string {
  const entry = STYLE_COLOR_FIELDS.find((item) => item.field === field);
  const own = (STYLE_COLORS[style.styleName] ?? STYLE_COLORS.light)[entry?.color ?? "background"];
  return pick(style[field], own);
}

/**
 * A hex colour as `<input type="color">` needs it (#rrggbb, lower case): short forms are
 * expanded and an alpha channel dropped, since the native picker has none.
 */
export function colorInputValue(hex: string): string {
  if (!isHexColor(hex)) return "#000000";
  const digits = hex.slice(1).toLowerCase();
  const rgb =
    digits.length <= 4
      ? digits
          .slice(0, 3)
          .split("")
          .map((digit) => digit + digit)
          .join("")
      : digits.slice(0, 6);
  return `#${rgb}`;
}

/**
 * A CSS `url()` for an http(s) address. The quote, backslash and line breaks are
 * percent-encoded so the address cannot end the CSS string and add declarations.
 */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (char) => encodeURIComponent(char))}")`;
}
