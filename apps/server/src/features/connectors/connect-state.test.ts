import { describe, expect, it } from "vitest";
import { CONNECT_STATE_TTL_MS, signConnectState, verifyConnectState } from "./connect-state.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hkdf";
const state = { userId: "user-1", provider: "notion" as const, appId: "app-1" };

describe("connect state", () => {
  it("carries who, which provider and which app until it expires", () => {
    const now = Date.now();
    const signed = signConnectState(SECRET, state, now);
    expect(verifyConnectState(SECRET, signed, now + 1_000)).toEqual(state);
    expect(verifyConnectState(SECRET, signed, now + CONNECT_STATE_TTL_MS + 1)).toBeNull();
  });

  it("refuses a forged, altered or foreign state", () => {
    const signed = signConnectState(SECRET, state);
    expect(verifyConnectState(`${SECRET}-other`, signed)).toBeNull();
    const [payload, signature] = signed.split(".");
    const altered = Buffer.from(
      Buffer.from(payload!, "base64url").toString().replace("user-1", "user-2"),
    ).toString("base64url");
    expect(verifyConnectState(SECRET, `${altered}.${signature}`)).toBeNull();
    expect(verifyConnectState(SECRET, undefined)).toBeNull();
    expect(verifyConnectState(SECRET, "no-dot")).toBeNull();
    expect(verifyConnectState(SECRET, "x".repeat(2_000))).toBeNull();
  });
});
