import { describe, expect, it } from "vitest";
import { bearerAppToken, signAppToken, verifyAppToken } from "./app-token.ts";

const SECRET = "s".repeat(40);

describe("app tokens", () => {
  it("round-trips the claims of a signed token", () => {
    const token = signAppToken(SECRET, { appId: "app1", subjectId: "u1", kind: "user" }, 1_000_000);
    expect(verifyAppToken(SECRET, token, 1_000_000)).toMatchObject({
      appId: "app1",
      subjectId: "u1",
      kind: "user",
    });
  });

  it("refuses a token signed with another secret, a tampered body, or an expired one", () => {
    const token = signAppToken(SECRET, { appId: "app1", subjectId: "u1", kind: "admin", ttlSeconds: 60 }, 0);
    expect(verifyAppToken("other".repeat(10), token, 0)).toBeNull();
    const [body, sig] = token.slice(4).split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ a: "app2", s: "u1", k: "admin", e: 9e9 })).toString(
      "base64url",
    );
    expect(verifyAppToken(SECRET, `lat_${forged}.${sig}`, 0)).toBeNull();
    expect(verifyAppToken(SECRET, `lat_${body}.${sig}x`, 0)).toBeNull();
    expect(verifyAppToken(SECRET, token, 61_000)).toBeNull();
    expect(verifyAppToken(SECRET, "lat_garbage", 0)).toBeNull();
    expect(verifyAppToken(SECRET, "not-an-app-token", 0)).toBeNull();
  });

  it("reads only app tokens from the Authorization header", () => {
    expect(bearerAppToken(new Headers({ authorization: "Bearer lat_x.y" }))).toBe("lat_x.y");
    expect(bearerAppToken(new Headers({ authorization: "Bearer platform-session" }))).toBeNull();
    expect(bearerAppToken(new Headers())).toBeNull();
  });
});
