import { describe, expect, it } from "vitest";
import { afterSignInUrl } from "./after-sign-in-url.ts";

const platform = { slug: "task-board", customHost: false };

describe("afterSignInUrl", () => {
  it("goes to a same-origin nextUrl", () => {
    expect(afterSignInUrl("/app/task-board/Tasks?id=2", platform)).toBe("/app/task-board/Tasks?id=2");
    expect(afterSignInUrl("/Deals", { slug: null, customHost: true })).toBe("/Deals");
  });

  it.each(["https://evil.example/", "//evil.example", "javascript:alert(1)", "/\\evil.example", "Tasks"])(
    "refuses %s and goes home instead",
    (nextUrl) => {
      expect(afterSignInUrl(nextUrl, platform)).toBe("/app/task-board");
      expect(afterSignInUrl(nextUrl, { slug: "x", customHost: true })).toBe("/");
    },
  );

  it("goes home without a nextUrl", () => {
    expect(afterSignInUrl(null, platform)).toBe("/app/task-board");
    expect(afterSignInUrl(null, { slug: null, customHost: false })).toBe("/");
  });
});
