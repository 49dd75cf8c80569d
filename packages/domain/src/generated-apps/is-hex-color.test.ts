import { describe, expect, it } from "vitest";
import { isHexColor } from "./is-hex-color.ts";

describe("isHexColor", () => {
  it.each(["#fff", "#FFFF", "#12ab9f", "#12ab9f80"])("accepts %s", (color) => {
    expect(isHexColor(color)).toBe(true);
  });

  it.each(["", "fff", "#ff", "#12345", "red", "rgb(0,0,0)", "#ggg"])("refuses %j", (color) => {
    expect(isHexColor(color)).toBe(false);
  });
});
