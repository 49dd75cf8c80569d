import { parseFilterRegex } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { toPostgresRegex } from "./to-postgres-regex.ts";

const write = (pattern: string, caseInsensitive = false) =>
  toPostgresRegex(parseFilterRegex(pattern, caseInsensitive));

describe("toPostgresRegex", () => {
  it("writes sets as escaped brackets and groups as (?:…)", () => {
    expect(write("^a.[b-d]*$")).toBe("(?:^a.(?:[b-d])*$)");
    expect(write("a|bc")).toBe("(?:(?:a|bc))");
    expect(write("x{2,3}y{4}z{1,}")).toBe("(?:(?:x){2,3}(?:y){4}(?:z)+)");
    expect(write("")).toBe("(?:(?:))");
  });

  it("escapes everything but ASCII letters and digits", () => {
    expect(write("\\.\\*'\"é😀")).toBe("(?:\\u002e\\u002a\\u0027\\u0022\\u00e9\\U0001f600)");
    expect(write("[^\\]\\-]")).toBe("(?:[^\\u002d\\u005d])");
  });

  it("folds case into explicit sets instead of ~*", () => {
    expect(write("ab", true)).toBe("(?:[Aa][Bb])");
    expect(write("[^k]", true)).toBe("(?:[^Kk\\u212a])");
  });

  it("never lets the input's own syntax through", () => {
    for (const hostile of ["***=x", "(?i)x", "[[:alpha:]]", "\\y", "a\\Z"]) {
      let pattern: string | undefined;
      try {
        pattern = write(hostile);
      } catch {
        continue;
      }
      expect(pattern).not.toMatch(/\*\*\*|\(\?[a-z]|\[\[:|\\[yZ]/);
    }
  });
});
