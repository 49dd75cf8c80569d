import type { AppStyle } from "@liftoff/domain";
import type { CSSProperties } from "react";
import { cssUrl, resolvePreviewTheme } from "../../lib/tool-app-theme.ts";

/**
 * The app's look as CSS variables on the page's root, so every part of the page (and the
 * run area the lead wires in) paints with the builder's colours through classes like
 * `bg-(--tool-surface)`: the same table the builder's preview uses (lib/tool-app-theme.ts).
 * The error colour is ours: red that reads on the style's own surface.
 */
export function toolAppThemeStyle(style: AppStyle): CSSProperties {
  const theme = resolvePreviewTheme(style);
  const dark = style.styleName === "dark";
  return {
    "--tool-bg": theme.background,
    "--tool-surface": theme.surface,
    "--tool-surface-border": theme.surfaceBorder,
    "--tool-header": theme.headerText,
    "--tool-subheader": theme.subheaderText,
    "--tool-label": theme.labelText,
    "--tool-input-bg": theme.inputBackground,
    "--tool-input-border": theme.inputBorder,
    "--tool-input-text": dark ? "#f1f5f9" : theme.labelText,
    "--tool-muted": theme.subheaderText,
    "--tool-button-bg": theme.buttonBackground,
    "--tool-button-text": theme.buttonText,
    "--tool-error": dark ? "#fca5a5" : "#b91c1c",
    // The focus ring in the header's colour: it reads on the page's background by design.
    "--focus-ring-color": theme.headerText,
    backgroundColor: theme.background,
    ...(theme.backgroundImage
      ? {
          backgroundImage: cssUrl(theme.backgroundImage),
          backgroundSize: "cover",
          backgroundPosition: "center",
          backgroundAttachment: "fixed",
        }
      : {}),
    colorScheme: dark ? "dark" : "light",
  } as CSSProperties;
}

/** The logo's address when it may be drawn (http(s) only), else null. */
export function toolAppLogo(style: AppStyle): string | null {
  return resolvePreviewTheme(style).logoUrl;
}
