import type { Page } from "playwright-core";
import { baseUrl } from "./browser.ts";

/** The web app's HttpOnly session cookie (the auth library's; `__Secure-` on https). */
export const SESSION_COOKIE = "better-auth.session_token";

/**
 * The platform session token of the user signed in on `page`, for API calls from the test:
 * read from the browser's HttpOnly cookie (the test harness may; page scripts cannot),
 * whose value is `token.signature`.
 */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith(SESSION_COOKIE));
  if (!cookie) throw new Error("no session cookie");
  const value = decodeURIComponent(cookie.value);
  return value.slice(0, value.lastIndexOf("."));
}

/** A JSON API call with a bearer token: the status and the parsed body, whatever the status. */
export async function apiResponse<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A JSON API call that must succeed (throws with the status and body otherwise). */
export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiResponse<T>(token, method, path, body);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A JSON call that must succeed, to a server of the test's own (a platform it starts, kills
 * and restarts), with a token or anonymously.
 */
export async function apiAt<T>(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** apiCall as the user signed in on `page`. */
export async function apiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return apiCall<T>(await tokenOf(page), method, path, body);
}

/**
 * Moves the user with `email` to `plan` through the admin API, as the platform admin whose
 * token this is: a test's own admin takes a bigger plan to hold more apps than the free one.
 */
export async function setPlanAsAdmin(token: string, options: { email: string; plan: string }): Promise<void> {
  const { users } = await apiCall<{ users: { userId: string; email: string }[] }>(
    token,
    "GET",
    `/api/admin/users?q=${encodeURIComponent(options.email)}`,
  );
  const user = users.find((u) => u.email === options.email);
  if (!user) throw new Error(`${options.email} is not in the admin's user list`);
  await apiCall(token, "POST", `/api/admin/users/${user.userId}/plan`, { plan: options.plan });
}
