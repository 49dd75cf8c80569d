import { describe, expect, it } from "vitest";
import { DEFAULT_APP_STYLE } from "./app-style.ts";
import { upgradeAppStyle } from "./upgrade-app-style.ts";

describe("upgradeAppStyle", () => {
  it("gives the default for nothing", () => {
    expect(upgradeAppStyle(undefined)).toEqual(DEFAULT_APP_STYLE);
  });

  it("reads old spellings", () => {
    expect(
      upgradeAppStyle({ theme: "Dark", logo: "/l.png", removeWatermark: 1, backgroundColor: "#000" }),
    ).toMatchObject({
      styleName: "dark",
      logoUrl: "/l.png",
      isWatermarkHidden: true,
      background: "#000",
    });
  });

  it("moves an image kept in background to backgroundImage", () => {
    expect(upgradeAppStyle({ background: "https://x.io/bg.jpg" })).toMatchObject({
      background: "",
      backgroundImage: "https://x.io/bg.jpg",
    });
  });
});
