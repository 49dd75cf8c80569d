import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMIT_BYTES } from "./create-server-app.ts";
import { createTestPlatform, type TestPlatform } from "./testing/test-platform.ts";

describe("platform HTTP layer", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    await t.close();
  });

  it("reports health with version, database kind and migrations", async () => {
    const res = await t.request<any>("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.database).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    expect(res.body.migrations.pending).toEqual([]);
    expect(res.body.migrations.applied).toContain("0001-init");
    expect(res.body.mail).toBe("dev");
  });

  it("documents every platform route in the OpenAPI document", async () => {
    const res = await t.request<any>("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const paths = Object.keys(res.body.paths);
    for (const path of [
      "/api/health",
      "/api/session/signup",
      "/api/session/login",
      "/api/session/refresh",
      "/api/session/logout",
      "/api/session/providers",
      "/api/account/create",
      "/api/live_api/account/create",
      "/api/account/current",
      "/api/live_api/account/current",
      "/api/account/sendResetPasswordEmail",
      "/api/account/resetPassword",
      "/api/account/completeEmailChange",
      "/api/account/verifyEmail",
      "/api/apps",
      "/api/apps/{appId}",
      "/api/plans",
      "/api/admin/users",
      "/api/dev/mailbox",
      "/api/auth/callback/{provider}",
      "/auth/social/{provider}",
    ]) {
      expect(paths, path).toContain(path);
    }
    const docs = await t.request<string>("GET", "/api/docs");
    expect(docs.status).toBe(200);
    expect(docs.body).toContain("/api/session/login");
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await t.request<any>("POST", "/api/session/login", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_JSON");
  });

  it("answers wrong types with 400 and per-field messages", async () => {
    const res = await t.request<any>("POST", "/api/session/login", { body: { email: 42, password: ["x"] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      "email",
      "password",
    ]);
  });

  it("answers an oversize body with 413", async () => {
    const res = await t.request<any>("POST", "/api/session/login", {
      rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(API_BODY_LIMIT_BYTES) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("checks a declared Content-Length against the limit without reading the body", async () => {
    const body = JSON.stringify({ email: "a@b.co", password: "x".repeat(API_BODY_LIMIT_BYTES) });
    const over = await t.request<any>("POST", "/api/session/login", {
      rawBody: body,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    const small = JSON.stringify({ email: "nobody@b.co", password: "wrong-password-1" });
    const within = await t.request<any>("POST", "/api/session/login", {
      rawBody: small,
      headers: { "content-type": "application/json", "content-length": String(small.length) },
    });
    expect(within.status).toBe(401);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.request<any>("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });

  it("lists plan cards publicly", async () => {
    const res = await t.request<any>("GET", "/api/plans");
    expect(res.status).toBe(200);
    expect(res.body.plans.length).toBeGreaterThan(3);
    expect(res.body.plans[0]).toHaveProperty("discuountedPrice");
    expect(res.body.liteDisabled).toBe(false);
  });
});
