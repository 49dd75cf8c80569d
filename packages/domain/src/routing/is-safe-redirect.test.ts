import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeRedirect, MAX_REDIRECT_LENGTH } from "./is-safe-redirect.ts";

describe("isSafeRedirect", () => {
  it.each([
    "/",
    "/apps",
    "/apps/packages",
    "/app/my-app/tool/summary",
    "/build/app/abc123/tools?generateTool=true",
    "/joinPlan?plan=builder",
    "/templates?duplicateTemplate=t1#top",
    "/settings/profile?tab=email&x=1",
    "/app/caf%C3%A9",
    "/search?q=a%20b",
    "/path/with/..//double",
    "/a?next=//evil.example",
    "/a?next=https://evil.example",
  ])("accepts %s", (path) => {
    expect(isSafeRedirect(path)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["relative without slash", "apps"],
    ["dot-relative", "./apps"],
    ["parent-relative", "../apps"],
    ["absolute https", "https://evil.example/apps"],
    ["absolute http", "http://evil.example"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,<script>alert(1)</script>"],
    ["mixed-case scheme", "JaVaScRiPt:alert(1)"],
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/apps"],
    ["triple slash", "///evil.example"],
    ["slash backslash", "/\\evil.example"],
    ["backslash slash", "\\/evil.example"],
    ["backslash anywhere", "/apps\\..\\evil"],
    ["tab between slashes", "/\t/evil.example"],
    ["newline between slashes", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL byte", "/apps\u0000"],
    ["DEL", "/apps\u007f"],
    ["leading space", " /apps"],
    ["leading tab", "\t/apps"],
    ["encoded second slash", "/%2Fevil.example"],
    ["encoded second slash, lower case", "/%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["malformed escape", "/apps/%E0%A4%A"],
    ["lone percent", "/100%"],
  ])("rejects %s", (_label, path) => {
    expect(isSafeRedirect(path)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ["/apps"], new URL("https://example.com/apps")])(
    "rejects non-string %j",
    (value) => {
      expect(isSafeRedirect(value)).toBe(false);
    },
  );

  it("rejects values longer than MAX_REDIRECT_LENGTH", () => {
    expect(isSafeRedirect(`/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`)).toBe(true);
    expect(isSafeRedirect(`/${"a".repeat(MAX_REDIRECT_LENGTH)}`)).toBe(false);
  });

  it("accepts only values that stay on the origin they are resolved against", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        if (isSafeRedirect(value)) {
          for (const origin of ["https://liftoff.example", "http://localhost:3000"]) {
            expect(new URL(value, origin).origin).toBe(origin);
          }
        }
      }),
    );
  });

  it("accepts any path built from plain segments", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) =>
        isSafeRedirect(`/${segments.join("/")}`),
      ),
    );
  });

  it("rejects anything that does not start with a slash", () => {
    fc.assert(fc.property(fc.string(), (value) => value.startsWith("/") || !isSafeRedirect(value)));
  });

  it("rejects anything starting with two slashes or a slash and a backslash", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("//", "/\\"),
        fc.string(),
        (prefix, rest) => !isSafeRedirect(prefix + rest),
      ),
    );
  });
});
