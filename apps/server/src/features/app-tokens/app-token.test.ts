import { createHmac } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { bearerAppToken, signAppToken, verifyAppToken } from "./app-token.ts";
import { appTokenKey } from "./app-token-key.ts";

const ISSUER = { authSecret: "s".repeat(40), publicUrl: "https://liftoff.example" };
const NOW = 1_800_000_000_000;
const INVALID = { ok: false, reason: "invalid" };

/** Signs arbitrary claims with the real app-token key, as only a bug of ours could. */
async function signRaw(payload: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const jws = await new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "lat+jwt", ...header })
    .sign(await appTokenKey(ISSUER.authSecret));
  return `lat_${jws}`;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const seconds = Math.floor(NOW / 1000);
const validPayload = {
  sub: "u1",
  aud: "app1",
  iss: ISSUER.publicUrl,
  iat: seconds,
  exp: seconds + 60,
  kind: "user",
  gen: 0,
};

describe("app tokens", () => {
  it("are `lat_` + a compact HS256 JWS with the registered claims, and round-trip", async () => {
    const token = await signAppToken(
      ISSUER,
      { appId: "app1", subjectId: "u1", kind: "user", generation: 3 },
      NOW,
    );
    expect(token.startsWith("lat_")).toBe(true);
    const jws = token.slice(4);
    expect(jws.split(".")).toHaveLength(3);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: "HS256", typ: "lat+jwt" });
    expect(decodeJwt(jws)).toEqual({
      sub: "u1",
      aud: "app1",
      iss: ISSUER.publicUrl,
      iat: seconds,
      exp: seconds + 30 * 24 * 3600,
      kind: "user",
      gen: 3,
    });
    expect(await verifyAppToken(ISSUER, token, "app1", NOW)).toEqual({
      ok: true,
      claims: {
        appId: "app1",
        subjectId: "u1",
        kind: "user",
        expiresAt: seconds + 30 * 24 * 3600,
        generation: 3,
      },
    });
  });

  it("admin (preview) tokens live two hours", async () => {
    const token = await signAppToken(ISSUER, { appId: "app1", subjectId: "b1", kind: "admin" }, NOW);
    const verdict = await verifyAppToken(ISSUER, token, "app1", NOW);
    expect(verdict).toMatchObject({ ok: true, claims: { kind: "admin", expiresAt: seconds + 7200 } });
  });

  it("tells a genuine token of another app from a bad one", async () => {
    const token = await signAppToken(ISSUER, { appId: "app1", subjectId: "u1", kind: "user" }, NOW);
    expect(await verifyAppToken(ISSUER, token, "app2", NOW)).toEqual({ ok: false, reason: "other-app" });
  });

  it("expires at exp, with at most five seconds of clock tolerance", async () => {
    const token = await signAppToken(
      ISSUER,
      { appId: "app1", subjectId: "u1", kind: "user", ttlSeconds: 60 },
      NOW,
    );
    expect((await verifyAppToken(ISSUER, token, "app1", NOW + 64_000)).ok).toBe(true);
    expect(await verifyAppToken(ISSUER, token, "app1", NOW + 65_000)).toEqual(INVALID);
  });

  it("refuses another secret or another platform's tokens", async () => {
    const token = await signAppToken(ISSUER, { appId: "app1", subjectId: "u1", kind: "user" }, NOW);
    expect(await verifyAppToken({ ...ISSUER, authSecret: "o".repeat(40) }, token, "app1", NOW)).toEqual(
      INVALID,
    );
    expect(
      await verifyAppToken({ ...ISSUER, publicUrl: "https://elsewhere.example" }, token, "app1", NOW),
    ).toEqual(INVALID);
  });

  it("refuses alg none, other algorithms and a key that is the raw secret (key confusion)", async () => {
    const unsigned = `lat_${b64({ alg: "none", typ: "lat+jwt" })}.${b64(validPayload)}.`;
    expect(await verifyAppToken(ISSUER, unsigned, "app1", NOW)).toEqual(INVALID);
    const hs512 = await new SignJWT(validPayload)
      .setProtectedHeader({ alg: "HS512", typ: "lat+jwt" })
      .sign(new Uint8Array(64).fill(7));
    expect(await verifyAppToken(ISSUER, `lat_${hs512}`, "app1", NOW)).toEqual(INVALID);
    const rawSecret = await new SignJWT(validPayload)
      .setProtectedHeader({ alg: "HS256", typ: "lat+jwt" })
      .sign(new TextEncoder().encode(ISSUER.authSecret));
    expect(await verifyAppToken(ISSUER, `lat_${rawSecret}`, "app1", NOW)).toEqual(INVALID);
    // An asymmetric algorithm named in the header is never tried with the HMAC key.
    const [, payload, signature] = (await signRaw(validPayload)).slice(4).split(".");
    const rs256 = `lat_${b64({ alg: "RS256", typ: "lat+jwt" })}.${payload}.${signature}`;
    expect(await verifyAppToken(ISSUER, rs256, "app1", NOW)).toEqual(INVALID);
  });

  it("refuses a tampered payload, and a token without our type, kind, generation or single audience", async () => {
    const good = await signRaw(validPayload);
    expect((await verifyAppToken(ISSUER, good, "app1", NOW)).ok).toBe(true);
    const [header, , signature] = good.slice(4).split(".");
    const tampered = `lat_${header}.${b64({ ...validPayload, sub: "someone-else" })}.${signature}`;
    expect(await verifyAppToken(ISSUER, tampered, "app1", NOW)).toEqual(INVALID);
    const { kind: _kind, ...noKind } = validPayload;
    const { gen: _gen, ...noGeneration } = validPayload;
    const { sub: _sub, ...noSubject } = validPayload;
    for (const token of [
      await signRaw(validPayload, { typ: "JWT" }),
      await signRaw(noKind),
      await signRaw({ ...validPayload, kind: "owner" }),
      await signRaw(noGeneration),
      await signRaw({ ...validPayload, gen: -1 }),
      await signRaw(noSubject),
      await signRaw({ ...validPayload, exp: "never" }),
      await signRaw({ ...validPayload, aud: ["app1", "app2"] }),
    ])
      expect(await verifyAppToken(ISSUER, token, "app1", NOW)).toEqual(INVALID);
  });

  it("refuses tokens of the old hand-signed format, and garbage, without throwing", async () => {
    // The format before jose: lat_<base64url JSON>.<HMAC-SHA256 keyed with "app-token:" + secret>.
    const body = b64({ a: "app1", s: "u1", k: "user", e: seconds + 60, g: 0 });
    const mac = createHmac("sha256", `app-token:${ISSUER.authSecret}`).update(body).digest("base64url");
    expect(await verifyAppToken(ISSUER, `lat_${body}.${mac}`, "app1", NOW)).toEqual(INVALID);
    for (const garbage of [
      "lat_",
      "lat_garbage",
      "lat_a.b.c",
      "lat_...",
      `lat_${"A".repeat(1990)}`,
      `lat_${"a.".repeat(5000)}`,
      "lat_\u00ff\u00fe.\u0000.x",
      "not-an-app-token",
    ])
      expect(await verifyAppToken(ISSUER, garbage, "app1", NOW)).toEqual(INVALID);
  });

  it("reads only app tokens from the Authorization header", () => {
    expect(bearerAppToken(new Headers({ authorization: "Bearer lat_x.y.z" }))).toBe("lat_x.y.z");
    expect(bearerAppToken(new Headers({ authorization: "Bearer platform-session" }))).toBeNull();
    expect(bearerAppToken(new Headers({ authorization: "Basic bGF0Xzp4" }))).toBeNull();
    expect(bearerAppToken(new Headers())).toBeNull();
  });

  it("imports one non-extractable HMAC-SHA256 key per secret", async () => {
    const key = await appTokenKey(ISSUER.authSecret);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: "HMAC", hash: { name: "SHA-256" } });
    expect(await appTokenKey(ISSUER.authSecret)).toBe(key);
  });
});
