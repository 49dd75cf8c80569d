import { describe, expect, it } from "vitest";
import { isValidToolPath, toToolPath } from "./is-valid-tool-path.ts";

describe("isValidToolPath", () => {
  it.each(["report", "My-Tool-2", "a", "2024", "---"])("accepts %s", (path) => {
    expect(isValidToolPath(path)).toBe(true);
  });

  it.each(["", "my tool", "tool_1", "tool/2", "café", "tool.", " tool"])("refuses %j", (path) => {
    expect(isValidToolPath(path)).toBe(false);
  });
});

describe("toToolPath", () => {
  it("turns a title into a path the rule accepts", () => {
    expect(toToolPath("Café Menu Writer!")).toBe("Cafe-Menu-Writer");
    expect(toToolPath("  SEO / blog -- ideas  ")).toBe("SEO-blog-ideas");
  });

  it("falls back when nothing usable is left", () => {
    expect(toToolPath("!!!")).toBe("tool");
    expect(toToolPath("", "untitled")).toBe("untitled");
  });
});
