import { describe, expect, it } from "vitest";
import { appFrameSrc, vendorPackPath, vendorPackSpecifiers } from "./host-boot.ts";
import { frameRelaySchema } from "./host-boot-schema.ts";

describe("vendor pack paths", () => {
  it("names a set of specifiers in any order by one URL, and reads it back", () => {
    const a = vendorPackPath("abc123", ["react", "@/components/ui/button", "@liftoff/runtime", "react"]);
    const b = vendorPackPath("abc123", ["@liftoff/runtime", "react", "@/components/ui/button"]);
    expect(a).toBe(b);
    expect(a).toMatch(/^\/runtime\/vendor-pack\/abc123\/[A-Za-z0-9_-]+\.json$/);
    const key = a
      .split("/")
      .pop()!
      .replace(/\.json$/, "");
    expect(vendorPackSpecifiers(key)).toEqual(["@/components/ui/button", "@liftoff/runtime", "react"]);
    expect(
      frameRelaySchema.safeParse({ pack: a, js: "/runtime/assets/1.js", css: "/runtime/assets/2.css" })
        .success,
    ).toBe(true);
  });

  it("refuses keys that are not one", () => {
    for (const key of ["", "a b", "%00", "A".repeat(3001), "_w", "gA"])
      expect(vendorPackSpecifiers(key), key).toBeNull();
  });

  it("lets the boot data name only same-origin runtime paths", () => {
    for (const pack of [
      "https://evil.example/x.json",
      "//evil.example/x",
      "/api/account",
      "/runtime/../api/x",
    ]) {
      expect(
        frameRelaySchema.safeParse({ pack, js: "/runtime/assets/1.js", css: "/runtime/assets/2.css" })
          .success,
        pack,
      ).toBe(false);
    }
  });

  it("marks a relayed frame in its URL", () => {
    expect(appFrameSrc("a", "v", null, true)).toBe("/runtime/frame?appId=a&versionId=v&relay=1");
    expect(appFrameSrc("a", "v")).toBe("/runtime/frame?appId=a&versionId=v");
  });
});
