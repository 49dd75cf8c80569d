import { type AppStyle, DEFAULT_APP_STYLE } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  colorInputValue,
  cssUrl,
  effectiveStyleColor,
  previewImageUrl,
  resolvePreviewTheme,
  STYLE_COLORS,
} from "./tool-app-theme.ts";

const style = (extra: Partial<AppStyle>): AppStyle => ({ ...DEFAULT_APP_STYLE, ...extra });

describe("resolvePreviewTheme", () => {
  it("uses each style's own colours when nothing is overridden", () => {
    for (const styleName of ["dark", "colorful", "light"] as const) {
      const theme = resolvePreviewTheme(style({ styleName }));
      expect(theme).toMatchObject(STYLE_COLORS[styleName]);
      expect(theme.backgroundImage).toBeNull();
      expect(theme.logoUrl).toBeNull();
    }
    expect(STYLE_COLORS.dark.background).not.toBe(STYLE_COLORS.light.background);
  });

  it("applies hex overrides over the style", () => {
    const theme = resolvePreviewTheme(
      style({
        styleName: "dark",
        background: "#112233",
        headerTextColor: "#f00",
        subheaderTextColor: "#00ff0080",
        buttonTextColor: "#000000",
        buttonBackgroundColor: "#ABCDEF",
      }),
    );
    expect(theme).toMatchObject({
      background: "#112233",
      headerText: "#f00",
      subheaderText: "#00ff0080",
      buttonText: "#000000",
      buttonBackground: "#ABCDEF",
      // Not overridable: still the dark style's.
      surface: STYLE_COLORS.dark.surface,
    });
  });

  it("ignores colours that are not hex, so nothing odd reaches the CSS", () => {
    const theme = resolvePreviewTheme(style({ headerTextColor: "red; background: url(x)" }));
    expect(theme.headerText).toBe(STYLE_COLORS.light.headerText);
  });

  it("draws images only from http(s) URLs", () => {
    const theme = resolvePreviewTheme(
      style({ logoUrl: "https://cdn.example.com/logo.png", backgroundImage: "/files/abc/bg.png" }),
    );
    expect(theme.logoUrl).toBe("https://cdn.example.com/logo.png");
    expect(theme.backgroundImage).toBeNull();
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png", ""]) {
      expect(previewImageUrl(bad)).toBeNull();
    }
  });
});

describe("effectiveStyleColor", () => {
  it("gives the override or the style's own colour", () => {
    expect(effectiveStyleColor(style({ styleName: "colorful" }), "buttonBackgroundColor")).toBe(
      STYLE_COLORS.colorful.buttonBackground,
    );
    expect(effectiveStyleColor(style({ buttonBackgroundColor: "#123456" }), "buttonBackgroundColor")).toBe(
      "#123456",
    );
    expect(effectiveStyleColor(style({ styleName: "dark" }), "background")).toBe(
      STYLE_COLORS.dark.background,
    );
  });
});

describe("colorInputValue", () => {
  it("gives the #rrggbb the native colour input needs", () => {
    expect(colorInputValue("#ABC")).toBe("#aabbcc");
    expect(colorInputValue("#abcd")).toBe("#aabbcc");
    expect(colorInputValue("#A1B2C3")).toBe("#a1b2c3");
    expect(colorInputValue("#a1b2c3ff")).toBe("#a1b2c3");
    expect(colorInputValue("nope")).toBe("#000000");
  });
});

describe("cssUrl", () => {
  it("quotes the URL and cannot be broken out of", () => {
    expect(cssUrl("https://a.example/b.png")).toBe('url("https://a.example/b.png")');
    expect(cssUrl('https://a.example/x");color:red')).toBe('url("https://a.example/x%22);color:red")');
    expect(cssUrl("https://a.example/a\\b")).toBe('url("https://a.example/a%5Cb")');
  });
});
