import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOAuthProvider } from "../testing/fake-oauth-provider.ts";
import { createTestPlatform, TEST_PASSWORD, type TestPlatform } from "../testing/test-platform.ts";

type Endpoint = { path?: unknown; options?: { method?: unknown } };

/**
 * Issue 12, item 5: the auth library mounts dozens of endpoints (sign-in/email without our
 * limiter, sign-up/email and change-password without our password rules or session
 * revocation, update-user, change-email …). This walks every endpoint the configured library
 * has — its own and its plugins' — and sends each method it takes with a valid session:
 * only the OAuth callback is served; everything else is a 404 like any unknown API path.
 */
describe("the auth library's HTTP endpoints", () => {
  let t: TestPlatform;
  let fake: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({
      user: { id: "1", email: "social@example.test", emailVerified: true, name: "Social" },
    });
    t = await createTestPlatform(fake.env);
    token = (await t.signUp("victim@example.test")).token;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const endpoints = () =>
    Object.entries(t.deps.auth.api as unknown as Record<string, Endpoint>)
      .filter(([, endpoint]) => typeof endpoint.path === "string")
      .map(([name, endpoint]) => {
        const method = endpoint.options?.method;
        const methods = (Array.isArray(method) ? method : [method ?? "GET"]).map(String);
        const expanded = methods.flatMap((m) => (m === "*" ? ["GET", "POST"] : [m]));
        return { name, path: endpoint.path as string, methods: expanded };
      });

  it("knows the dangerous ones (the walk covers the library's real list)", () => {
    const paths = endpoints().map((e) => e.path);
    for (const path of [
      "/sign-in/email",
      "/sign-up/email",
      "/change-password",
      "/update-user",
      "/callback/:id",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.length).toBeGreaterThan(20);
  });

  it("serves only the OAuth callback; every other endpoint answers 404 and changes nothing", async () => {
    const served: string[] = [];
    for (const { path, methods } of endpoints()) {
      const url = `/api/auth${path.replace(/:[A-Za-z]+/g, "google")}`;
      for (const method of methods) {
        const res = await t.request<any>(method, url, {
          token,
          body:
            method === "GET"
              ? undefined
              : {
                  email: "victim@example.test",
                  password: TEST_PASSWORD,
                  currentPassword: TEST_PASSWORD,
                  newPassword: "x",
                  newEmail: "attacker@example.test",
                  name: "Mallory",
                },
        });
        if (path === "/callback/:id") {
          // Without the state cookie of a sign-in this browser started, the callback
          // only sends the browser to the error page; it never signs anyone in.
          // (A form_post POST is turned into the GET callback first.)
          expect(res.status).toBe(302);
          const location = res.headers.get("location") ?? "";
          if (method === "GET") expect(location).toContain("error");
          else expect(location.startsWith("http://localhost:3000/api/auth/callback/google")).toBe(true);
          expect(res.headers.get("set-cookie") ?? "").not.toContain("session_token=");
          served.push(`${method} ${path}`);
          continue;
        }
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
        expect(res.body.error.code).toBe("NOT_FOUND");
      }
    }
    expect(served).toContain("GET /callback/:id");
    // The victim's password and name are untouched, and no session was revoked.
    const login = await t.request<any>("POST", "/api/session/login", {
      body: { email: "victim@example.test", password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.name).toBe("Test User");
    expect((await t.request("GET", "/api/account/current", { token })).status).toBe(200);
  });
});
