import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../testing/test-platform.ts";

/**
 * Issue 12, item 13: routes that need a session validated their input first, so an
 * anonymous request with a bad body got 400 (and learnt the route's input rules) instead
 * of 401. Authentication now comes first on every such route (createRouter), and the
 * OpenAPI document lists which routes need a session.
 */
describe("authentication before validation", () => {
  let t: TestPlatform;
  let appId: string;

  beforeAll(async () => {
    t = await createTestPlatform();
    const owner = (await t.signUp(uniqueEmail("auth-first", "owner"))).token;
    appId = (
      await t.request<{ id: string }>("POST", "/api/apps", {
        token: owner,
        body: { appType: "space", name: "A" },
      })
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 401, not 400, to anonymous requests with invalid input on authenticated routes", async () => {
    const cases: [string, string, unknown][] = [
      ["POST", "/api/apps", { appType: 7 }],
      ["PATCH", "/api/apps/x", { name: ["not", "a", "name"] }],
      ["PUT", `/api/apps/${appId}/entities/Task`, { name: 1 }],
      ["POST", `/api/apps/${appId}/entities/Task/records`, "not an object"],
      ["GET", `/api/apps/${appId}/entities/Task/records?limit=lots`, undefined],
      ["POST", "/api/admin/users/u1/plan", { plan: "platinum" }],
      ["PUT", "/api/admin/ai-settings", { provider: 3 }],
      ["POST", "/api/account/changePassword", {}],
      ["POST", "/api/account/updateProfile", { name: 5 }],
      ["POST", "/api/csv/generateMapping", {}],
      ["POST", "/api/builder/magicCreate", { magicType: "form" }],
      ["POST", `/api/apps/${appId}/tools/generate`, { description: 3 }],
      ["POST", `/api/apps/${appId}/chat`, { content: 1 }],
      ["POST", `/api/apps/${appId}/files/update`, { files: "x" }],
      ["POST", `/api/apps/${appId}/settings`, []],
      ["POST", "/api/templates/%20/use", { name: 1 }],
      ["GET", `/api/apps/${appId}/users?limit=-1`, undefined],
      ["POST", "/api/session/refresh", { what: 1 }],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(401);
      expectError(res, 401, "UNAUTHORIZED", "Please log in to continue");
      // Malformed JSON too.
      if (method !== "GET") {
        const raw = await t.request(method, path, {
          rawBody: "{",
          headers: { "content-type": "application/json" },
        });
        expect(raw.status, `${method} ${path} malformed`).toBe(401);
      }
    }
  });

  it("marks exactly those routes as needing a session in the OpenAPI document", async () => {
    const doc = (await t.request("GET", "/api/openapi.json")).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes).toHaveProperty("session");
    const secured = (path: string, method: string) => (doc.paths[path]?.[method]?.security ?? []).length > 0;
    expect(secured("/api/apps", "post")).toBe(true);
    expect(secured("/api/apps/{appId}/entities/{entity}/records", "get")).toBe(true);
    expect(secured("/api/account/changePassword", "post")).toBe(true);
    // Public ones stay public.
    expect(secured("/api/session/login", "post")).toBe(false);
    expect(secured("/api/health", "get")).toBe(false);
    expect(secured("/live_api/apps/{appId}/entities/{entity}", "get")).toBe(false);
    expect(secured("/api/account/resetPassword", "post")).toBe(false);
  });
});
