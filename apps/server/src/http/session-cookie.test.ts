import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../testing/expect-error.ts";
import { createTestPlatform, TEST_PASSWORD, type TestPlatform } from "../testing/test-platform.ts";
import { CROSS_SITE_MESSAGE } from "./cross-site-guard.ts";

const COOKIE = "better-auth.session_token";
const WEB = { "x-liftoff-session": "cookie" };

/** The one Set-Cookie of `name` in a response, split into its value and lowercased attributes. */
function setCookie(headers: Headers, name: string) {
  const line = headers.getSetCookie().find((entry) => entry.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(";").map((part) => part.trim());
  return {
    value: pair!.slice(name.length + 1),
    attributes: attributes.map((attribute) => attribute.toLowerCase()),
    header: `${name}=${pair!.slice(name.length + 1)}`,
  };
}

/** The web app's session: an HttpOnly cookie set by the server, and CSRF checks on writes it authenticates. */
describe("cookie session", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it("sign-up and login set an HttpOnly, SameSite=Lax cookie that authenticates on its own", async () => {
    const email = uniqueEmail("cookie", "signup");
    const signup = await t.request<any>("POST", "/api/session/signup", {
      body: { email, password: TEST_PASSWORD },
      headers: WEB,
    });
    expect(signup.status).toBe(201);
    const signupCookie = setCookie(signup.headers, COOKIE);
    expect(signupCookie?.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    // http PUBLIC_URL: not Secure (the browser would drop it); see the https case below.
    expect(signupCookie?.attributes).not.toContain("secure");
    // The web client asked for a cookie session: the token never reaches its JavaScript.
    expect(signup.body.token).toBe("");
    expect(signup.body.user.email).toBe(email);

    const login = await t.request<any>("POST", "/api/session/login", {
      body: { email, password: TEST_PASSWORD },
      headers: WEB,
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toBe("");
    const cookie = setCookie(login.headers, COOKIE)!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    const maxAge = Number(cookie.attributes.find((a) => a.startsWith("max-age="))?.slice(8));
    expect(maxAge).toBeGreaterThan(13 * 24 * 3600);

    const account = await t.request<any>("GET", "/api/account/current", {
      headers: { cookie: cookie.header },
    });
    expect(account.status).toBe(200);
    expect(account.body.email).toBe(email);
    // Refresh renews the cookie.
    const refresh = await t.request<any>("POST", "/api/session/refresh", {
      headers: { cookie: cookie.header, origin: "http://localhost:3000", ...WEB },
    });
    expect(refresh.status).toBe(200);
    expect(refresh.body.token).toBe("");
    expect(setCookie(refresh.headers, COOKIE)?.attributes).toContain("httponly");
  });

  it("still gives API clients (no cookie-session header) their bearer token", async () => {
    const email = uniqueEmail("cookie", "api");
    await t.signUp(email);
    const login = await t.request<any>("POST", "/api/session/login", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(login.body.token.length).toBeGreaterThan(10);
    expect((await t.request("GET", "/api/account/current", { token: login.body.token })).status).toBe(200);
  });

  it("logout clears the cookie and ends the session behind it", async () => {
    const email = uniqueEmail("cookie", "logout");
    await t.signUp(email);
    const login = await t.request("POST", "/api/session/login", {
      body: { email, password: TEST_PASSWORD },
      headers: WEB,
    });
    const cookie = setCookie(login.headers, COOKIE)!;
    const logout = await t.request("POST", "/api/session/logout", {
      headers: { cookie: cookie.header, origin: "http://localhost:3000" },
    });
    expect(logout.status).toBe(200);
    const cleared = setCookie(logout.headers, COOKIE);
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toContain("max-age=0");
    expect(
      (await t.request("GET", "/api/account/current", { headers: { cookie: cookie.header } })).status,
    ).toBe(401);
  });

  it("refuses writes the cookie would authenticate unless they come from the platform's pages", async () => {
    const email = uniqueEmail("cookie", "csrf");
    await t.signUp(email);
    const login = await t.request<any>("POST", "/api/session/login", {
      body: { email, password: TEST_PASSWORD },
    });
    const cookie = setCookie(login.headers, COOKIE)!.header;
    // A POST any session may repeat (it renews the session) stands for every write.
    const write = (headers: Record<string, string>) =>
      t.request("POST", "/api/session/refresh", { headers: { cookie, ...headers } });

    // Another site, a sibling subdomain, a sandboxed frame (Origin: null), a cross-site fetch without Origin.
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example" },
      { origin: "http://apps.localhost:3000" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const res = await write(headers);
      expectError(res, 403, "FORBIDDEN", CROSS_SITE_MESSAGE);
    }
    // The auth library's own endpoints are covered too.
    expect(
      (await t.request("POST", "/api/auth/sign-out", { headers: { cookie, origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
    // The platform's own pages (by PUBLIC_URL, or the host the request was sent to), a
    // same-origin fetch, and a non-browser client pass.
    expect((await write({ origin: "http://localhost:3000" })).status).toBe(200);
    // (The test harness sends its requests to http://localhost.)
    expect((await write({ origin: "http://localhost" })).status).toBe(200);
    expect((await write({ "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await write({})).status).toBe(200);
    // Bearer requests are not cookie-authenticated, whatever their Origin.
    const bearer = await t.request("POST", "/api/session/refresh", {
      token: login.body.token,
      headers: { origin: "https://evil.example" },
    });
    expect(bearer.status).toBe(200);
    // Reads are never refused (SameSite and CORS keep their answers from other sites).
    expect(
      (await t.request("GET", "/api/account/current", { headers: { cookie, origin: "null" } })).status,
    ).toBe(200);
  });

  it("never authenticates the runtime API (/live_api) with the cookie", async () => {
    const email = uniqueEmail("cookie", "live");
    await t.signUp(email);
    const login = await t.request("POST", "/api/session/login", { body: { email, password: TEST_PASSWORD } });
    const cookie = setCookie(login.headers, COOKIE)!.header;
    expect((await t.request("GET", "/api/live_api/account/current", { headers: { cookie } })).status).toBe(
      200,
    );
    const res = await t.request("GET", "/live_api/apps/x/auth/me", { headers: { cookie } });
    expect(res.status).not.toBe(200);
  });
});

describe("cookie session on https", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ PUBLIC_URL: "https://liftoff.example" });
  });
  afterAll(() => t.close());

  it("is a __Secure- cookie with the Secure flag", async () => {
    const res = await t.request("POST", "/api/session/signup", {
      body: { email: uniqueEmail("cookie", "https"), password: TEST_PASSWORD },
      headers: WEB,
    });
    expect(res.status).toBe(201);
    const cookie = setCookie(res.headers, `__Secure-${COOKIE}`);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(["httponly", "secure", "samesite=lax", "path=/"]),
    );
    expect(
      (await t.request("GET", "/api/account/current", { headers: { cookie: cookie!.header } })).status,
    ).toBe(200);
  });
});
