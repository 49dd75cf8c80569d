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
    // The kit's own colours, remapped to the style: the result blocks, badges, alerts and
    // buttons of the run area (kit components) then paint in the app's look, dark included.
    "--color-background": theme.inputBackground,
    "--color-foreground": dark ? "#f1f5f9" : theme.labelText,
    "--color-card": theme.surface,
    "--color-card-foreground": dark ? "#f1f5f9" : theme.labelText,
    "--color-popover": theme.surface,
    "--color-popover-foreground": dark ? "#f1f5f9" : theme.labelText,
    "--color-border": theme.surfaceBorder,
    "--color-input": theme.inputBorder,
    "--color-muted": theme.inputBackground,
    "--color-muted-foreground": theme.subheaderText,
    "--color-secondary": theme.inputBackground,
    "--color-secondary-foreground": dark ? "#f1f5f9" : theme.labelText,
    "--color-accent": theme.inputBackground,
    "--color-accent-foreground": dark ? "#f1f5f9" : theme.labelText,
    "--color-primary": theme.buttonBackground,
    "--color-primary-hover": theme.buttonBackground,
    "--color-primary-foreground": theme.buttonText,
    ...(dark
      ? {
          "--color-destructive-subtle": "#3b1219",
          "--color-destructive-border": "#7f1d1d",
          "--color-destructive-text": "#fca5a5",
          "--color-success-subtle": "#052e1c",
          "--color-success-border": "#065f46",
          "--color-success-text": "#6ee7b7",
          "--color-warning-subtle": "#3a2a05",
          "--color-warning-border": "#92400e",
          "--color-warning-text": "#fcd34d",
        }
      : {}),
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
