import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "./create-client.ts";
import { SdkError } from "./sdk-error.ts";
import { fakeFetch, json, type RecordedCall } from "./testing/fake-fetch.ts";

const USER = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  full_name: "Ada",
  emailVerified: true,
  role: "user",
  createdAt: "2026-01-01T00:00:00.000Z",
};
const AUTH_PATH = "/live_api/apps/app%2F1/auth";

function setup(
  handler: (call: RecordedCall) => Response,
  initialToken: string | null = "tok",
  extra: { onRedirectToLogin?: (next: string | undefined) => void } = {},
) {
  let token = initialToken;
  const fake = fakeFetch(handler);
  const onLogout = vi.fn(() => {
    token = null;
  });
  const onToken = vi.fn((t: string) => {
    token = t;
  });
  const client = createClient({
    baseUrl: "https://platform.test",
    appId: "app/1",
    getToken: () => token,
    onLogout,
    onToken,
    fetch: fake.fetch,
    ...extra,
  });
  return { ...fake, auth: client.auth, onLogout, onToken, setToken: (t: string | null) => (token = t) };
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

  it("me: GET the app's auth/me with the bearer token", async () => {
    const { auth, last } = setup(() => json(200, { ...USER, theme: "dark" }));
    await expect(auth.me()).resolves.toEqual({ ...USER, theme: "dark" });
    expect([last().method, last().url.pathname, last().headers.get("authorization")]).toEqual([
      "GET",
      `${AUTH_PATH}/me`,
      "Bearer tok",
    ]);
  });

  it("me: null without a token, without asking the server", async () => {
    const { auth, calls } = setup(() => json(200, {}), null);
    await expect(auth.me()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("me: null when the token is refused (401)", async () => {
    const { auth } = setup(() => json(401, { error: { code: "UNAUTHORIZED", message: "Please log in" } }));
    await expect(auth.me()).resolves.toBeNull();
  });

  it("me: other failures still throw", async () => {
    const { auth } = setup(() => json(500, { error: { code: "INTERNAL", message: "boom" } }));
    await expect(auth.me()).rejects.toMatchObject({ status: 500, message: "boom" });
  });

  it("updateMe PUTs the name and custom fields as given and returns the server's user", async () => {
    const { auth, last } = setup(() =>
      json(200, { ...USER, name: "Ada L.", full_name: "Ada L.", theme: "dark" }),
    );
    await expect(auth.updateMe({ full_name: "Ada L.", theme: "dark" })).resolves.toMatchObject({
      full_name: "Ada L.",
      theme: "dark",
    });
    expect([last().method, last().url.pathname, last().body]).toEqual([
      "PUT",
      `${AUTH_PATH}/me`,
      { full_name: "Ada L.", theme: "dark" },
    ]);
  });

  it("updateMe refuses a non-object before any request, and signed out is a 401", async () => {
    const { auth, calls } = setup(() => json(200, {}));
    await expect(auth.updateMe("Ada" as any)).rejects.toBeInstanceOf(SdkError);
    await expect(auth.updateMe(["x"] as any)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(calls).toHaveLength(0);
    const signedOut = setup(() => json(200, {}), null);
    await expect(signedOut.auth.updateMe({ full_name: "A" })).rejects.toMatchObject({ status: 401 });
  });

  it("updateMe surfaces the server's refusal", async () => {
    const { auth } = setup(() =>
      json(400, {
        error: {
          code: "VALIDATION_FAILED",
          message: "These fields cannot be changed through updateMe: role",
        },
      }),
    );
    await expect(auth.updateMe({ role: "admin" })).rejects.toMatchObject({ status: 400, message: /role/ });
  });

  it("login(email, password) signs in, hands the token to onToken and returns the user", async () => {
    const { auth, last, onToken } = setup(() => json(200, { token: "lat_new", user: USER }), null);
    await expect(auth.login("ada@example.com", "pw-123456")).resolves.toEqual(USER);
    expect([last().method, last().url.pathname, last().body]).toEqual([
      "POST",
      `${AUTH_PATH}/login`,
      { email: "ada@example.com", password: "pw-123456" },
    ]);
    expect(onToken).toHaveBeenCalledWith("lat_new");
    expect(auth.isAuthenticated()).toBe(true);
  });

  it("login with bad credentials throws the server's message and keeps no token", async () => {
    const { auth, onToken } = setup(
      () => json(401, { error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password" } }),
      null,
    );
    await expect(auth.login("ada@example.com", "nope")).rejects.toMatchObject({
      status: 401,
      message: "Invalid email or password",
    });
    expect(onToken).not.toHaveBeenCalled();
    await expect(auth.login("ada@example.com" as any, 5 as any)).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
  });

  it("login() without arguments goes to the login page", async () => {
    const onRedirectToLogin = vi.fn();
    const { auth, calls } = setup(() => json(200, {}), null, { onRedirectToLogin });
    await expect(auth.login()).resolves.toBeUndefined();
    expect(onRedirectToLogin).toHaveBeenCalledWith(undefined);
    expect(calls).toHaveLength(0);
  });

  it("signup POSTs {email, password, name} and hands the token to onToken", async () => {
    const { auth, last, onToken } = setup(() => json(201, { token: "lat_s", user: USER }), null);
    await expect(
      auth.signup({ email: "ada@example.com", password: "pw-123456", name: "Ada" }),
    ).resolves.toEqual(USER);
    expect([last().url.pathname, last().body]).toEqual([
      `${AUTH_PATH}/signup`,
      { email: "ada@example.com", password: "pw-123456", name: "Ada" },
    ]);
    expect(onToken).toHaveBeenCalledWith("lat_s");
    await expect(auth.signup("ada" as any)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("logout: POST auth/logout, then onLogout", async () => {
    const { auth, calls, onLogout } = setup(() => json(200, { ok: true }));
    await auth.logout();
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(["POST", `${AUTH_PATH}/logout`]);
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

  it("redirectToLogin hands over to onRedirectToLogin when given (a sandboxed frame asks its host)", () => {
    const location = { href: "https://app.test/tasks" };
    vi.stubGlobal("window", { location });
    const onRedirectToLogin = vi.fn();
    const { auth } = setup(() => json(200, {}), "tok", { onRedirectToLogin });
    auth.redirectToLogin("/Tasks");
    expect(onRedirectToLogin).toHaveBeenCalledWith("/Tasks");
    expect(location.href).toBe("https://app.test/tasks");
  });

  it("redirectToLogin does nothing without a window (server-side rendering, tests)", () => {
    const { auth } = setup(() => json(200, {}));
    expect(() => auth.redirectToLogin("/x")).not.toThrow();
  });
});
