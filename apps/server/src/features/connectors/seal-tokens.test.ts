import { describe, expect, it } from "vitest";
import { openTokens, sealTokens } from "./seal-tokens.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hkdf";
const tokens = { accessToken: "ya29.access", refreshToken: "1//refresh", expiresAt: 1_900_000_000_000 };

describe("sealTokens", () => {
  it("opens what it sealed, and the sealed text holds no token", () => {
    const sealed = sealTokens(SECRET, "row-1", tokens);
    expect(sealed).not.toContain("ya29");
    expect(sealed).not.toContain("refresh");
    expect(openTokens(SECRET, "row-1", sealed)).toEqual(tokens);
    // A fresh IV each time: the same tokens never seal to the same text.
    expect(sealTokens(SECRET, "row-1", tokens)).not.toBe(sealed);
  });

  it("refuses another row, another secret and any altered byte", () => {
    const sealed = sealTokens(SECRET, "row-1", tokens);
    expect(openTokens(SECRET, "row-2", sealed)).toBeNull();
    expect(openTokens(`${SECRET}-rotated`, "row-1", sealed)).toBeNull();
    const [version, iv, body, tag] = sealed.split(".");
    const flipped = `${body!.slice(0, -2)}${body!.endsWith("AA") ? "AB" : "AA"}`;
    expect(openTokens(SECRET, "row-1", [version, iv, flipped, tag].join("."))).toBeNull();
    expect(openTokens(SECRET, "row-1", "v0.x.y.z")).toBeNull();
    expect(openTokens(SECRET, "row-1", "garbage")).toBeNull();
  });
});
