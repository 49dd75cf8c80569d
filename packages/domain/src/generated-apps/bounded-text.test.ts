import { describe, expect, it } from "vitest";
import { boundedText, itemId, optionalColor, optionalImage, optionalUrl } from "./bounded-text.ts";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("bounded texts", () => {
  it("names the field and the cap", () => {
    expect(message(boundedText("Header", 3).safeParse("abcd"))).toBe("Header can be at most 3 characters");
    expect(message(boundedText("Header", 3).safeParse("abc"))).toBeNull();
  });

  it("accepts an empty or http(s) link only", () => {
    expect(message(optionalUrl("Link").safeParse(""))).toBeNull();
    expect(message(optionalUrl("Link").safeParse("https://x.io"))).toBeNull();
    expect(message(optionalUrl("Link", "Bad link").safeParse("x.io"))).toBe("Bad link");
  });

  it("accepts an empty image, a URL or a path on this site", () => {
    for (const value of ["", "https://x.io/a.png", "/files/1/a.png"])
      expect(optionalImage("Logo").safeParse(value).success).toBe(true);
    expect(message(optionalImage("Logo").safeParse("data:image/png;base64,AA"))).toBe(
      "Enter a valid URL starting with http:// or https://",
    );
  });

  it("accepts an empty or hex colour", () => {
    expect(optionalColor().safeParse("").success).toBe(true);
    expect(optionalColor().safeParse("#abc").success).toBe(true);
    expect(message(optionalColor().safeParse("red"))).toBe("Enter a colour as #RGB or #RRGGBB");
  });

  it("refuses an empty id", () => {
    expect(message(itemId("Tool id").safeParse(""))).toBe("Tool id cannot be empty");
  });
});
