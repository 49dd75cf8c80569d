import { describe, expect, it } from "vitest";
import { appStyleSchema, DEFAULT_APP_STYLE, STYLE_NAMES, updateAppStyleBodySchema } from "./app-style.ts";

describe("app style contract", () => {
  it("offers dark, colorful and light", () => {
    expect(STYLE_NAMES).toEqual(["dark", "colorful", "light"]);
  });

  it("accepts the default and a full branding", () => {
    expect(appStyleSchema.parse(DEFAULT_APP_STYLE)).toEqual(DEFAULT_APP_STYLE);
    const style = {
      styleName: "dark",
      background: "#101010",
      backgroundImage: "https://cdn.example.com/bg.jpg",
      logoUrl: "/files/1/logo.png",
      headerTextColor: "#fff",
      subheaderTextColor: "#ccc",
      buttonTextColor: "#000",
      buttonBackgroundColor: "#ffcc00",
      isWatermarkHidden: true,
    };
    expect(updateAppStyleBodySchema.parse({ appStyle: style })).toEqual({ appStyle: style });
  });

  it("refuses colours that are not hex and unknown styles", () => {
    const result = appStyleSchema.safeParse({
      ...DEFAULT_APP_STYLE,
      buttonTextColor: "blue",
      styleName: "neon",
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "styleName",
      "buttonTextColor",
    ]);
  });
});
