import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "./create-client.ts";
import { SdkError } from "./sdk-error.ts";
import { fakeFetch, json, type RecordedCall } from "./testing/fake-fetch.ts";

const USER = { id: "u1", email: "ada@example.com", name: "Ada", emailVerified: true, image: null };

function setup(handler: (call: RecordedCall) => Response, initialToken: string | null = "tok") {
  let token = initialToken;
  const fake = fakeFetch(handler);
  const onLogout = vi.fn(() => {
    token = null;
  });
  const client = createClient({
    baseUrl: "https://platform.test",
    appId: "app/1",
    getToken: () => token,
    onLogout,
    fetch: fake.fetch,
  });
  return { ...fake, auth: client.auth, onLogout, setToken: (t: string | null) => (token = t) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("auth", () => {
  it("isAuthenticated tells whether a token is present, synchronously", () => {
    const { auth, setToken } = setup(() => json(200, {}));
    expect(auth.isAuthenticated()).toBe(true);
    setToken(null);
    expect(auth.isAuthenticated()).toBe(false);
  });

  it("me: POST /api/session/refresh with the bearer token, adding full_name", async () => {
    const { auth, last } = setup(() => json(200, { token: "tok", expiresAt: "x", user: USER }));
    await expect(auth.me()).resolves.toEqual({ ...USER, full_name: "Ada" });
    expect([last().method, last().url.pathname, last().headers.get("authorization")]).toEqual([
      "POST",
      "/api/session/refresh",
      "Bearer tok",
    ]);
  });

  it("me: null without a token, without asking the server", async () => {
    const { auth, calls } = setup(() => json(200, {}), null);
    await expect(auth.me()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("me: null when the session has ended (401)", async () => {
    const { auth } = setup(() => json(401, { error: { code: "UNAUTHORIZED", message: "Please log in" } }));
    await expect(auth.me()).resolves.toBeNull();
  });

  it("me: other failures still throw", async () => {
    const { auth } = setup(() => json(500, { error: { code: "INTERNAL", message: "boom" } }));
    await expect(auth.me()).rejects.toMatchObject({ status: 500, message: "boom" });
  });

  it.each([{ full_name: "Ada L." }, { name: "Ada L." }])(
    "updateMe(%j) sends updateProfile {name} and returns the user",
    async (input) => {
      const { auth, calls } = setup((call) =>
        call.url.pathname === "/api/account/updateProfile"
          ? json(200, { ok: true })
          : json(200, { token: "tok", expiresAt: "x", user: { ...USER, name: "Ada L." } }),
      );
      await expect(auth.updateMe(input)).resolves.toMatchObject({ name: "Ada L.", full_name: "Ada L." });
      expect([calls[0]!.method, calls[0]!.url.pathname, calls[0]!.body]).toEqual([
        "POST",
        "/api/account/updateProfile",
        { name: "Ada L." },
      ]);
    },
  );

  it("updateMe refuses fields it cannot save, naming them, before any request", async () => {
    const { auth, calls } = setup(() => json(200, {}));
    await expect(auth.updateMe({ full_name: "A", theme: "dark" } as any)).rejects.toThrow(/not saved: theme/);
    await expect(auth.updateMe({ full_name: "  " })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await expect(auth.updateMe("Ada" as any)).rejects.toBeInstanceOf(SdkError);
    expect(calls).toHaveLength(0);
  });

  it("updateMe signed out is a 401 SdkError", async () => {
    const { auth } = setup(() => json(200, {}), null);
    await expect(auth.updateMe({ full_name: "A" })).rejects.toMatchObject({ status: 401 });
  });

  it("logout: POST /api/session/logout, then onLogout", async () => {
    const { auth, calls, onLogout } = setup(() => json(200, { ok: true }));
    await auth.logout();
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(["POST", "/api/session/logout"]);
    expect(onLogout).toHaveBeenCalledOnce();
    expect(auth.isAuthenticated()).toBe(false);
  });

  it("logout forgets the token even when the server cannot be reached", async () => {
    const { auth, onLogout } = setup(() => {
      throw new TypeError("offline");
    });
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("logout(redirectUrl) navigates afterwards when there is a window", async () => {
    const location = { href: "https://app.test/tasks" };
    vi.stubGlobal("window", { location });
    const { auth } = setup(() => json(200, { ok: true }));
    await auth.logout("/goodbye");
    expect(location.href).toBe("/goodbye");
  });

  it("redirectToLogin goes to /apps/{appId}/login with the current page as nextUrl", () => {
    const location = { href: "https://app.test/tasks?x=1" };
    vi.stubGlobal("window", { location });
    const { auth } = setup(() => json(200, {}));
    auth.redirectToLogin();
    expect(location.href).toBe(
      `https://platform.test/apps/app%2F1/login?nextUrl=${encodeURIComponent("https://app.test/tasks?x=1")}`,
    );
    auth.redirectToLogin("/after");
    expect(new URL(location.href).searchParams.get("nextUrl")).toBe("/after");
  });

  it("redirectToLogin does nothing without a window (server-side rendering, tests)", () => {
    const { auth } = setup(() => json(200, {}));
    expect(() => auth.redirectToLogin("/x")).not.toThrow();
  });
});
